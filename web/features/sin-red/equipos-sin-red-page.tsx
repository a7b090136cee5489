import { useState } from 'react';
import { comun } from '#shared/messages/comun';
import { sinRed } from '#shared/messages/sin-red';
import type { TEquipo } from '#shared/schemas/sin-red';
import { ZRenombrarEquipo } from '#shared/schemas/sin-red';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useCambiarEquipo, useEquipos } from './api/equipos';
import { ListaAdminSinRed } from './lista-admin-sin-red';
import './sin-red.css';
import { ErrorCampo } from '../../components/ui/field';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, sinRed };
const S = M.sinRed;

/**
 * /equipos_sin_red (role 1, issue #51 point 5): the devices that asked to sell offline — a device asks
 * the first time someone opens Ventas on it; the owner's own is authorised at once. Authorise, rename,
 * take the permission away.
 */
export default function EquiposSinRedPage() {
  const { data, isError } = useEquipos();
  const [aviso, setAviso] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={S.equiposTitulo} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      <div className="sin-red-admin">
        <p className="sin-red-admin__intro">{S.equiposAyuda}</p>
        <ListaAdminSinRed aviso={aviso} items={data?.items} isError={isError} vacio={S.equiposVacio} titulo={S.equiposTitulo}>
          {(e) => <Equipo key={e.id} equipo={e} avisar={setAviso} />}
        </ListaAdminSinRed>
      </div>
    </>
  );
}

function Equipo({ equipo, avisar }: { equipo: TEquipo; avisar: (m: string | null) => void }) {
  const f = useFechas();
  const cambiar = useCambiarEquipo();
  const [editando, setEditando] = useState(false);
  const [nombre, setNombre] = useState(equipo.nombre);
  const [error, setError] = useState<string | null>(null);
  const accion = (accion: 'autorizar' | 'revocar') =>
    cambiar.mutate(
      { id: equipo.id, accion },
      {
        onSuccess: (e) => avisar(accion === 'autorizar' ? S.equipoAutorizado(e.nombre) : S.equipoRevocadoOk(e.nombre)),
        onError: (err) => avisar(err.message),
      },
    );
  const guardar = (ev: React.FormEvent) => {
    ev.preventDefault();
    const r = ZRenombrarEquipo.safeParse({ nombre });
    if (!r.success) return setError(r.error.issues[0]!.message);
    cambiar.mutate(
      { id: equipo.id, nombre: r.data.nombre },
      {
        onSuccess: () => {
          setEditando(false);
          setError(null);
          avisar(S.equipoRenombrado);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <li className={`card sin-red-admin__item sin-red-admin__item--${equipo.estado}`} data-testid="equipo-sin-red">
      <div className="sin-red-admin__cabeza">
        {editando ? (
          <form className="sin-red-admin__renombrar" onSubmit={guardar} noValidate>
            <label>
              {S.equipoNombre}
              <input value={nombre} onChange={(e) => setNombre(e.target.value)} maxLength={80} aria-invalid={!!error} autoFocus />
            </label>
            <ErrorCampo error={error} className="field-error" como="p" />
            <div className="sin-red-admin__acciones">
              <button type="submit" className="btn btn--primary" disabled={cambiar.isPending}>
                {S.guardar}
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => (setEditando(false), setNombre(equipo.nombre), setError(null))}>
                {S.cancelar}
              </button>
            </div>
          </form>
        ) : (
          <h2 className="sin-red-admin__nombre">{equipo.nombre}</h2>
        )}
        <span className={`sin-red-admin__estado sin-red-admin__estado--${equipo.estado}`}>{S.equipoEstado[equipo.estado]}</span>
      </div>
      <p className="sin-red-admin__meta">{S.equipoPedidoPor(equipo.pedidoPor ?? '—', f.fechaHora(equipo.creadoEn))}</p>
      {!editando ? (
        <div className="sin-red-admin__acciones">
          {equipo.estado !== 'autorizado' ? (
            <button type="button" className="btn btn--primary" aria-label={S.autorizarLabel(equipo.nombre)} onClick={() => accion('autorizar')} disabled={cambiar.isPending}>
              {S.autorizar}
            </button>
          ) : (
            <button type="button" className="btn btn--ghost btn--danger-text" aria-label={S.revocarLabel(equipo.nombre)} onClick={() => accion('revocar')} disabled={cambiar.isPending}>
              {S.revocar}
            </button>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => setEditando(true)}>
            {S.renombrar}
          </button>
        </div>
      ) : null}
    </li>
  );
}
