import { comun } from '#shared/messages/comun';
import { proveedores } from '#shared/messages/proveedores';
import { roles } from '#shared/messages/roles';
import { ROL } from '#shared/roles';
import { TIPOS_IDENTIFICACION_PROVEEDOR, ZCreateProveedorRequest } from '#shared/schemas/proveedor';
import { Field, SelectField } from '../../../components/ui/field';
import { alertFailure, alertWarning, toastSuccess } from '../../../lib/alerts';
import { useSession } from '../../../lib/session';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { useCreateProveedor } from '../api/create-proveedor';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, proveedores, roles };

const F = M.proveedores.campos;

const EMPTY = { nombre: '', telefono: '', email: '', tipoIdentificacion: '', documento: '', direccion: '', municipio: '', obligadoFacturar: true };

/** DIAN's ID types a supplier may have, for the documento soporte (ADR 055). */
const TIPOS = [{ value: '', label: F.tipoIdentificacionNinguno }, ...TIPOS_IDENTIFICACION_PROVEEDOR.map((t) => ({ value: t, label: M.proveedores.tiposIdentificacion[t]! }))];

/** Add supplier (spec §5): every field required; role 3 is refused (spec §6). */
export function AgregarProveedorForm() {
  const session = useSession();
  const mutation = useCreateProveedor();
  const { formRef, bind, onSubmit, setValues, values, set } = useValidatedForm({
    schema: ZCreateProveedorRequest,
    initial: EMPTY,
    before: () => {
      if (session?.rol !== ROL.ENCARGADO) return true;
      void alertWarning(M.roles.denyProveedoresTitle, M.roles.denyProveedoresText);
      return false;
    },
    required: { fields: ['nombre', 'telefono', 'email'], message: M.proveedores.camposVacios, onRequired: () => alertWarning(M.proveedores.camposVacios) },
    submit: async (values) => {
      const res = await mutation.mutateAsync(values);
      setValues(EMPTY);
      toastSuccess(res.message, M.proveedores.registradoTexto(res.proveedor.nombre));
    },
    onFailure: (err) => alertFailure(err, M.proveedores.registroFallido),
  });

  return (
    <form ref={formRef} className="card gpv-form" onSubmit={onSubmit} noValidate aria-labelledby="agregar-proveedor-title">
      <h2 id="agregar-proveedor-title">{M.proveedores.agregar}</h2>
      <Field label={F.nombre} autoComplete="organization" {...bind('nombre')} />
      <Field label={F.telefono} type="tel" inputMode="tel" autoComplete="tel" placeholder="3104567890" hint={F.telefonoHint} {...bind('telefono')} />
      <Field label={F.correo} type="email" autoComplete="email" placeholder={F.correoPlaceholder} {...bind('email')} />
      {/* The documento soporte (issue #57 point 3, ADR 055): purchases from sellers who do not invoice. */}
      <label className="check">
        <input type="checkbox" name="obligadoFacturar" checked={values.obligadoFacturar} onChange={(e) => set('obligadoFacturar', e.target.checked)} /> {F.obligadoFacturar}
      </label>
      {!values.obligadoFacturar && <p className="hint">{F.noObligadoAyuda}</p>}
      <SelectField label={F.tipoIdentificacion} options={TIPOS} {...bind('tipoIdentificacion')} />
      <Field label={F.documento} inputMode="numeric" autoComplete="off" hint={F.documentoHint} {...bind('documento')} />
      <Field label={F.direccion} autoComplete="street-address" {...bind('direccion')} />
      <Field label={F.municipio} inputMode="numeric" autoComplete="off" maxLength={5} hint={F.municipioHint} {...bind('municipio')} />
      <button type="submit" className="btn btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? M.comun.agregando : M.proveedores.agregar}
      </button>
    </form>
  );
}
