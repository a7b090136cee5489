import { Link } from 'react-router';
import { AppError } from '#shared/errors';
import { comun, generic } from '#shared/messages/comun';
import { ajustesTienda } from '#shared/messages/tienda';
import { puntos } from '#shared/messages/puntos';
import { ventas } from '#shared/messages/ventas';
import { ROL } from '#shared/roles';
import { ZUpdateAjustesTienda, type TAjustesTienda, type TAnchoPapel } from '#shared/schemas/tienda';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertError, toastSuccess } from '../../lib/alerts';
import { fechasEn } from '../../lib/fechas';
import { useValidatedForm } from '../../lib/use-validated-form';
import { useSession } from '../../lib/session';
import { useAjustesTienda } from '../../lib/ajustes-tienda';
import { useGuardarAjustes } from './api/ajustes';
import { FormatosBalanza } from './components/formatos-balanza';
import { ZonaHorariaField } from './components/zona-horaria-field';
import { EstadoCarga } from '../../components/ui/list-state';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ajustesTienda, comun, generic, ventas, puntos };

const T = M.ajustesTienda;

/** /ajustes_tienda: the receipt's header (NIT or documento, address, phone), its closing line, the paper and the store's time zone (role 1 edits). */
export default function AjustesTiendaPage() {
  const ajustes = useAjustesTienda();
  // Without a store (the platform operator) there are no settings to load.
  const session = useSession();
  const sinTienda = session?.id_Tienda == null;
  return (
    <>
      <PageHeader title={T.tituloPagina} backTo={paths.inicio} backLabel={M.comun.volverInicio}>
        {/* The store's loyalty points have their own screen (issue #59 point 3), role 1's. */}
        {session?.rol === ROL.ADMIN && !sinTienda ? (
          <Link className="btn btn--ghost" to={paths.puntos}>
            {M.puntos.enlace}
          </Link>
        ) : null}
      </PageHeader>
      {ajustes.data ? <AjustesForm inicial={ajustes.data} /> : <EstadoCarga error={ajustes.isError || sinTienda} />}
      {/* The labels of the store's scales (issue #33 point 4): a form of its own, saved on its own. */}
      {sinTienda ? null : <FormatosBalanza puede={session?.rol === ROL.ADMIN} />}
    </>
  );
}

function AjustesForm({ inicial }: { inicial: TAjustesTienda }) {
  const session = useSession();
  const puede = session?.rol === ROL.ADMIN;
  const guardar = useGuardarAjustes();
  const { formRef, values: v, set, errors, bind, onSubmit } = useValidatedForm({
    schema: ZUpdateAjustesTienda,
    initial: {
      nit: inicial.nit ?? '',
      direccion: inicial.direccion ?? '',
      telefono: inicial.telefono ?? '',
      anchoPapel: inicial.anchoPapel as TAnchoPapel,
      pieRecibo: inicial.pieRecibo ?? '',
      zonaHoraria: inicial.zonaHoraria,
      exigirCaja: inicial.exigirCaja,
    },
    submit: async (values) => {
      await guardar.mutateAsync(values);
      toastSuccess(M.ventas.ajustesGuardados);
    },
    // A zone this browser lists but the server does not know comes back as the field's error.
    onFailure: (err) => (err instanceof AppError && err.fields ? undefined : alertError(M.generic.errorTitle, M.generic.errorText)),
  });
  return (
    <form ref={formRef} className="card" onSubmit={onSubmit} noValidate aria-label={T.titulo} style={{ maxWidth: '36rem', display: 'grid', gap: '0.75rem' }}>
      <h2 style={{ margin: 0, fontSize: '1.2rem' }}>{T.titulo}</h2>
      <p>
        {M.comun.pie.tienda} <strong>{inicial.nombreTienda}</strong>
      </p>
      <Field label={T.nit} autoComplete="off" placeholder="900.123.456-7" {...bind('nit')} disabled={!puede} />
      <Field label={T.direccion} autoComplete="off" {...bind('direccion')} disabled={!puede} />
      <Field label={T.telefono} inputMode="tel" autoComplete="off" {...bind('telefono')} disabled={!puede} />
      <Field label={T.pieRecibo} autoComplete="off" placeholder={T.pieReciboPlaceholder} {...bind('pieRecibo')} disabled={!puede} />
      <div className="field">
        <label htmlFor="ancho-papel">{T.papel}</label>
        <select id="ancho-papel" value={v.anchoPapel} disabled={!puede} onChange={(e) => set('anchoPapel', e.target.value as TAnchoPapel)}>
          <option value="80">{T.papeles[80]}</option>
          <option value="58">{T.papeles[58]}</option>
        </select>
        <small className="field__hint">{T.papelHint}</small>
      </div>
      <ZonaHorariaField
        id="zona-horaria"
        label={T.zona}
        value={v.zonaHoraria}
        inicial={inicial.zonaHoraria}
        onChange={(zona) => set('zonaHoraria', zona)}
        error={errors.zonaHoraria}
        disabled={!puede}
        hint={
          <>
            {T.zonaHint} {fechasEn(v.zonaHoraria).hora(Date.now())}
          </>
        }
      />
      <div className="field">
        <label>
          <input type="checkbox" checked={v.exigirCaja} disabled={!puede} aria-describedby="exigir-caja-hint" onChange={(e) => set('exigirCaja', e.target.checked)} />{' '}
          {T.exigirCaja}
        </label>
        <small id="exigir-caja-hint" className="field__hint">
          {T.exigirCajaAyuda}
        </small>
      </div>
      {puede ? (
        <button type="submit" className="btn" disabled={guardar.isPending}>
          {M.comun.guardar}
        </button>
      ) : (
        <p>{T.soloAdministrador}</p>
      )}
    </form>
  );
}
