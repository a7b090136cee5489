import { useState } from 'react';
import { comun } from '#shared/messages/comun';
import { sinRed } from '#shared/messages/sin-red';
import { formatPesos } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useFechas } from '../../lib/fechas';
import { useMarcarRevisada, useRevisar } from './api/equipos';
import { ListaAdminSinRed } from './lista-admin-sin-red';
import './sin-red.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, sinRed };
const S = M.sinRed;

/**
 * /revisar_sin_red (role 1, issue #51 point 5): offline sales recorded although they broke a rule the
 * server enforces online (fiado over the limit, stock, a cashier's discount, a date far off), each
 * with its reasons; "Marcar revisada" records who and when, once.
 */
export default function RevisarSinRedPage() {
  const [todas, setTodas] = useState(false);
  const { data, isError } = useRevisar(todas);
  const marcar = useMarcarRevisada();
  const f = useFechas();
  const [aviso, setAviso] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={S.revisarTitulo} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      <div className="sin-red-admin">
        <p className="sin-red-admin__intro">{S.revisarAyuda}</p>
        <label className="sin-red-admin__filtro">
          <input type="checkbox" checked={todas} onChange={(e) => setTodas(e.target.checked)} /> {S.revisarVerRevisadas}
        </label>
        <ListaAdminSinRed aviso={aviso} items={data?.items} isError={isError} vacio={S.revisarVacio} titulo={S.revisarTitulo}>
          {(v) => {
            const numero = v.numeroDispositivo ?? String(v.numero);
            return (
              <li key={v.id} className="card sin-red-admin__item" data-testid="venta-revisar">
                <div className="sin-red-admin__cabeza">
                  <h2 className="sin-red-admin__nombre">
                    {S.columnaVenta} {numero}
                  </h2>
                  <strong>{formatPesos(v.total)}</strong>
                </div>
                <p className="sin-red-admin__meta">
                  {[v.fecha ? f.fechaHora(v.fecha) : null, v.cajero ? `${S.columnaCajero}: ${v.cajero}` : null, v.equipo ? `${S.columnaEquipo}: ${v.equipo}` : null].filter(Boolean).join(' · ')}
                </p>
                <ul className="sin-red-admin__motivos" aria-label={S.columnaMotivos}>
                  {v.motivos.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
                {v.revisadoEn ? (
                  <p className="sin-red-admin__meta">{S.revisadaPor(v.revisadoPor ?? '—', f.fechaHora(v.revisadoEn))}</p>
                ) : (
                  <div className="sin-red-admin__acciones">
                    <button
                      type="button"
                      className="btn btn--primary"
                      aria-label={S.marcarRevisadaLabel(numero)}
                      disabled={marcar.isPending}
                      onClick={() => marcar.mutate(v.id, { onSuccess: (r) => setAviso(r.message), onError: (e) => setAviso(e.message) })}
                    >
                      {S.marcarRevisada}
                    </button>
                  </div>
                )}
              </li>
            );
          }}
        </ListaAdminSinRed>
      </div>
    </>
  );
}
