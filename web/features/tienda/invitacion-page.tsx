import { useState } from 'react';
import { comun } from '#shared/messages/comun';
import { invitacion } from '#shared/messages/invitacion';
import { codigoInvitacion } from '#shared/messages/tienda';
import { VIGENCIAS, type TEmpleadoPendiente, type TVigencia } from '#shared/schemas/invitacion';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, alertSuccess, confirmAction, toastSuccess } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useAprobarEmpleado, useConfigurarInvitacion, useInvitacion, usePendientes, useRechazarEmpleado, useRegenerarConVigencia } from './api/invitacion';
import { EstadoCarga } from '../../components/ui/list-state';
import './invitacion.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { codigoInvitacion, comun, invitacion };

const I = M.invitacion;
const OPCIONES = VIGENCIAS.map((v) => ({ value: v, label: I.vigencias[v] }));

/** /invitacion (role 1): how long the invitation code admits sign-ups, and who waits for approval (issue #15). */
export default function InvitacionPage() {
  return (
    <>
      <PageHeader title={I.titulo} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      <div className="invitacion">
        <CodigoCard />
        <AprobacionCard />
        <PendientesCard />
      </div>
    </>
  );
}

function CodigoCard() {
  const { data, isError } = useInvitacion();
  const f = useFechas();
  const [vigencia, setVigencia] = useState<TVigencia>('7d');
  const configurar = useConfigurarInvitacion();
  const regenerar = useRegenerarConVigencia();
  if (!data) return <EstadoCarga error={isError} className="state card" />;
  const vence = data.codigo_expira ? (data.vencido ? I.vencido : I.vence)(f.fechaHora(data.codigo_expira)) : I.sinVencimiento;

  const aplicar = async () => {
    try {
      const r = await configurar.mutateAsync({ vigencia });
      toastSuccess(I.vigenciaGuardada, r.codigo_expira ? I.vence(f.fechaHora(r.codigo_expira)) : I.sinVencimiento);
    } catch (err) {
      await alertFailure(err);
    }
  };
  const cambiar = async () => {
    if (!(await confirmAction(M.codigoInvitacion.confirmTitle, M.codigoInvitacion.confirmText, M.codigoInvitacion.confirmButton))) return;
    try {
      const r = await regenerar.mutateAsync(vigencia);
      await alertSuccess(M.codigoInvitacion.regenerado, M.codigoInvitacion.regeneradoText(r.codigo_invitacion));
    } catch (err) {
      await alertFailure(err);
    }
  };

  return (
    <section className="card invitacion__card" aria-labelledby="inv-codigo">
      <h2 id="inv-codigo">{M.codigoInvitacion.label}</h2>
      <p className="invitacion__codigo">
        <span className="code-badge" data-testid="invitacion-codigo">
          {data.codigo_invitacion}
        </span>{' '}
        <span className={data.vencido ? 'badge badge--danger' : 'badge badge--ok'} data-testid="invitacion-vence">
          {vence}
        </span>
      </p>
      <SelectField label={I.vigenciaLabel} name="vigencia" options={OPCIONES} value={vigencia} onChange={(e) => setVigencia(e.target.value as TVigencia)} />
      <small className="field__hint">{I.vigenciaHint}</small>
      <div className="invitacion__acciones">
        <button type="button" className="btn" onClick={() => void aplicar()} disabled={configurar.isPending}>
          {I.aplicarVigencia}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void cambiar()} disabled={regenerar.isPending}>
          {I.cambiarConVigencia}
        </button>
      </div>
    </section>
  );
}

function AprobacionCard() {
  const { data } = useInvitacion();
  const configurar = useConfigurarInvitacion();
  // The switch moves at once; the server's answer (or a failure, which puts it back) settles it.
  const [elegido, setElegido] = useState<boolean | null>(null);
  if (!data) return null;
  const cambiar = async (on: boolean) => {
    setElegido(on);
    try {
      await configurar.mutateAsync({ aprobar_empleados: on });
      toastSuccess(I.aprobarLabel, I.aprobarGuardado(on));
    } catch (err) {
      await alertFailure(err);
    } finally {
      setElegido(null);
    }
  };
  return (
    <section className="card invitacion__card" aria-labelledby="inv-aprobar">
      <h2 id="inv-aprobar">{I.empleadosNuevos}</h2>
      <label className="invitacion__switch">
        <input type="checkbox" role="switch" checked={elegido ?? data.aprobar_empleados} disabled={configurar.isPending} onChange={(e) => void cambiar(e.target.checked)} />
        <span>{I.aprobarLabel}</span>
      </label>
      <p className="field__hint">{I.aprobarHint}</p>
    </section>
  );
}

function PendientesCard() {
  const { data, isError } = usePendientes();
  const f = useFechas();
  const aprobar = useAprobarEmpleado();
  const rechazar = useRechazarEmpleado();
  const ocupado = aprobar.isPending || rechazar.isPending;

  const onAprobar = async (p: TEmpleadoPendiente) => {
    try {
      const r = await aprobar.mutateAsync(p.idUsuario);
      toastSuccess(I.aprobado, r.message);
    } catch (err) {
      await alertFailure(err);
    }
  };
  const onRechazar = async (p: TEmpleadoPendiente) => {
    if (!(await confirmAction(I.rechazarTitulo, I.rechazarText(p.nombre), I.rechazarBoton))) return;
    try {
      const r = await rechazar.mutateAsync(p.idUsuario);
      toastSuccess(r.message);
    } catch (err) {
      await alertFailure(err);
    }
  };

  return (
    <section className="card invitacion__card" aria-labelledby="inv-pendientes">
      <h2 id="inv-pendientes">{I.pendientesTitulo}</h2>
      {!data ? (
        <EstadoCarga error={isError} />
      ) : data.items.length === 0 ? (
        <p className="invitacion__vacio">{I.pendientesVacio}</p>
      ) : (
        <ul className="invitacion__pendientes" aria-label={I.pendientesTitulo}>
          {data.items.map((p) => (
            <li key={p.idUsuario} className="invitacion__pendiente" data-testid="empleado-pendiente">
              <div>
                <strong>{p.nombre}</strong>
                <div className="invitacion__detalle">
                  {p.tipoDoc} {p.documento} · {p.correo}
                </div>
                <div className="invitacion__detalle">{I.registradoEl(f.fechaHora(p.creadoEn))}</div>
              </div>
              <div className="invitacion__acciones">
                <button type="button" className="btn btn--sm" onClick={() => void onAprobar(p)} disabled={ocupado} aria-label={I.aprobarA(p.nombre)}>
                  {I.aprobar}
                </button>
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => void onRechazar(p)} disabled={ocupado} aria-label={I.rechazarA(p.nombre)}>
                  {I.rechazar}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
