import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZUpdateAjustesTienda, type TAjustesTienda, type TAnchoPapel } from '#shared/schemas/tienda';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertError, alertSuccess } from '../../lib/alerts';
import { validate } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { useAjustesTienda, useGuardarAjustes } from '../../lib/ajustes-tienda';

/** /ajustes_tienda: the receipt's header (NIT or documento, address, phone), its closing line and the paper (role 1 edits). */
export default function AjustesTiendaPage() {
  const ajustes = useAjustesTienda();
  return (
    <>
      <PageHeader title="Datos del recibo" backTo={paths.inicio} backLabel="Volver al inicio" />
      {ajustes.data ? <AjustesForm inicial={ajustes.data} /> : <p className="state" role="status">{ajustes.isError ? M.generic.errorText : 'Cargando…'}</p>}
    </>
  );
}

function AjustesForm({ inicial }: { inicial: TAjustesTienda }) {
  const session = useSession();
  const puede = session?.rol === ROL.ADMIN;
  const guardar = useGuardarAjustes();
  const [v, setV] = useState({
    nit: inicial.nit ?? '',
    direccion: inicial.direccion ?? '',
    telefono: inicial.telefono ?? '',
    anchoPapel: inicial.anchoPapel as TAnchoPapel,
    pieRecibo: inicial.pieRecibo ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const bind = (name: 'nit' | 'direccion' | 'telefono' | 'pieRecibo') => ({
    name,
    value: v[name],
    error: errors[name],
    disabled: !puede,
    onChange: (e: { target: { value: string } }) => setV((x) => ({ ...x, [name]: e.target.value })),
  });
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ZUpdateAjustesTienda, v);
    if (r.errors) return setErrors(r.errors);
    setErrors({});
    try {
      await guardar.mutateAsync(v);
      await alertSuccess(M.ventas.ajustesGuardados);
    } catch {
      await alertError(M.generic.errorTitle, M.generic.errorText);
    }
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-label="Datos del recibo" style={{ maxWidth: '36rem', display: 'grid', gap: '0.75rem' }}>
      <p>
        Tienda: <strong>{inicial.nombreTienda}</strong>
      </p>
      <Field label="NIT o documento" autoComplete="off" placeholder="900.123.456-7" {...bind('nit')} />
      <Field label="Dirección" autoComplete="off" {...bind('direccion')} />
      <Field label="Teléfono" inputMode="tel" autoComplete="off" {...bind('telefono')} />
      <Field label="Mensaje al final del recibo" autoComplete="off" placeholder="¡Gracias por su compra!" {...bind('pieRecibo')} />
      <div className="field">
        <label htmlFor="ancho-papel">Papel de la impresora (por defecto de la tienda)</label>
        <select id="ancho-papel" value={v.anchoPapel} disabled={!puede} onChange={(e) => setV((x) => ({ ...x, anchoPapel: e.target.value as TAnchoPapel }))}>
          <option value="80">80 mm (48 caracteres)</option>
          <option value="58">58 mm (32 caracteres)</option>
        </select>
        <small className="field__hint">Cada caja puede elegir otro papel en la factura; se recuerda en ese equipo.</small>
      </div>
      {puede ? (
        <button type="submit" className="btn" disabled={guardar.isPending}>
          Guardar
        </button>
      ) : (
        <p>Solo un administrador de la tienda puede cambiar estos datos.</p>
      )}
    </form>
  );
}
