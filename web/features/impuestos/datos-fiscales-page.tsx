import { Link } from 'react-router';
import { dian } from '#shared/messages/dian';
import { comun } from '#shared/messages/comun';
import { impuestos } from '#shared/messages/impuestos';
import { digitoVerificacion, RESPONSABILIDADES_RUT, type TResponsabilidadRut } from '#shared/impuestos';
import { ZUpdatePerfilFiscal, type TPerfilFiscalRespuesta } from '#shared/schemas/impuestos';
import { PageHeader } from '../../components/page-header';
import { ErrorCampo, Field, SelectField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { useValidatedForm } from '../../lib/use-validated-form';
import { useGuardarPerfilFiscal, usePerfilFiscal } from './api/impuestos';
import { EstadoCarga } from '../../components/ui/list-state';
import { BotonEnviar } from '../../components/ui/boton-enviar';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, impuestos };
const P = M.impuestos.perfil;

/** /datos_fiscales (role 1, issue #30): the store's fiscal profile. */
export default function DatosFiscalesPage() {
  const { data, isError } = usePerfilFiscal();
  return (
    <>
      <PageHeader title={P.titulo} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      <p>{P.intro}</p>
      <p>
        <Link to={paths.documentoElectronico}>{dian.enlaceDesdeFiscales}</Link>
      </p>
      {data ? <PerfilForm inicial={data} /> : <EstadoCarga error={isError} />}
    </>
  );
}

type Valores = {
  razonSocial: string;
  tipoPersona: string;
  nit: string;
  dv: string;
  responsabilidades: TResponsabilidadRut[];
  responsableIva: boolean;
  departamento: string;
  municipio: string;
  direccion: string;
  telefono: string;
  correo: string;
  documentoInformativo: boolean;
  valorIncBolsa: string;
};

const aCuerpo = (v: Valores) => ({
  ...v,
  dv: v.dv === '' ? NaN : Number(v.dv),
  telefono: v.telefono.trim() === '' ? null : v.telefono,
  valorIncBolsa: v.valorIncBolsa === '' ? 0 : Number(v.valorIncBolsa),
});

function PerfilForm({ inicial }: { inicial: TPerfilFiscalRespuesta }) {
  const p = inicial.perfil;
  const guardar = useGuardarPerfilFiscal();
  const { formRef, values: v, set, setValues: setV, errors, bind, onSubmit } = useValidatedForm({
    schema: ZUpdatePerfilFiscal,
    initial: (): Valores => ({
      razonSocial: p?.razonSocial ?? '',
      tipoPersona: p?.tipoPersona ?? 'natural',
      nit: p?.nit ?? '',
      dv: p ? String(p.dv) : '',
      responsabilidades: p?.responsabilidades ?? [],
      responsableIva: p?.responsableIva ?? false,
      departamento: p?.departamento ?? '',
      municipio: p?.municipio ?? '',
      direccion: p?.direccion ?? '',
      telefono: p?.telefono ?? '',
      correo: p?.correo ?? '',
      documentoInformativo: p?.documentoInformativo ?? false,
      valorIncBolsa: String(p?.valorIncBolsa ?? 0),
    }),
    toBody: aCuerpo,
    submit: async (values) => {
      await guardar.mutateAsync(aCuerpo(values) as never);
      toastSuccess(P.guardado);
    },
    onFailure: alertFailure,
  });
  const dvCalculado = digitoVerificacion(v.nit.trim());
  const marcar = (r: TResponsabilidadRut, on: boolean) => setV((x) => ({ ...x, responsabilidades: on ? [...x.responsabilidades, r] : x.responsabilidades.filter((y) => y !== r) }));
  return (
    <form ref={formRef} className="card form-grid" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={P.titulo} style={{ maxWidth: '44rem' }}>
      <Field label={P.razonSocial} autoComplete="organization" wrapperClassName="span-2" {...bind('razonSocial')} />
      <SelectField
        label={P.tipoPersona}
        value={v.tipoPersona}
        error={errors.tipoPersona}
        onChange={(e) => set('tipoPersona', e.target.value)}
        options={Object.entries(P.tiposPersona).map(([value, label]) => ({ value, label }))}
      />
      <Field label={P.nit} inputMode="numeric" autoComplete="off" {...bind('nit')} />
      <Field label={P.dv} inputMode="numeric" autoComplete="off" maxLength={1} hint={dvCalculado != null ? P.dvAyuda(dvCalculado) : undefined} {...bind('dv')} />
      <fieldset className="span-2">
        <legend>{P.responsabilidades}</legend>
        {RESPONSABILIDADES_RUT.map((r) => (
          <label key={r} style={{ display: 'block' }}>
            <input type="checkbox" checked={v.responsabilidades.includes(r)} onChange={(e) => marcar(r, e.target.checked)} /> {M.impuestos.responsabilidades[r]}
          </label>
        ))}
        <ErrorCampo error={errors.responsabilidades} />
      </fieldset>
      <div className="field span-2">
        <label>
          <input type="checkbox" checked={v.responsableIva} aria-describedby="responsable-iva-hint" onChange={(e) => set('responsableIva', e.target.checked)} /> {P.responsableIva}
        </label>
        <small id="responsable-iva-hint" className="field__hint">
          {P.responsableIvaAyuda}{' '}
          {inicial.sinClasificar > 0 ? (
            <>
              <strong>{M.impuestos.clasificacion.pendientes(inicial.sinClasificar)}.</strong> <Link to={paths.impuestos}>{P.clasificar}</Link>
            </>
          ) : null}
        </small>
        <ErrorCampo error={errors.responsableIva} />
      </div>
      <Field label={P.departamento} inputMode="numeric" autoComplete="off" maxLength={2} hint={P.departamentoAyuda} {...bind('departamento')} />
      <Field label={P.municipio} inputMode="numeric" autoComplete="off" maxLength={5} hint={P.municipioAyuda} {...bind('municipio')} />
      <Field label={P.direccion} autoComplete="street-address" wrapperClassName="span-2" {...bind('direccion')} />
      <Field label={P.telefono} inputMode="tel" autoComplete="tel" {...bind('telefono')} />
      <Field label={P.correo} type="email" autoComplete="email" {...bind('correo')} />
      <Field label={P.valorIncBolsa} inputMode="numeric" autoComplete="off" {...bind('valorIncBolsa')} />
      <div className="field span-2">
        <label>
          <input type="checkbox" checked={v.documentoInformativo} onChange={(e) => set('documentoInformativo', e.target.checked)} /> {P.documentoInformativo}
        </label>
        <small className="field__hint">{P.documentoInformativoAyuda}</small>
      </div>
      <div className="span-2">
        <BotonEnviar enviando={guardar.isPending} texto={P.guardar} />
      </div>
    </form>
  );
}
