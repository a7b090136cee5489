import { useState } from 'react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { paths } from '../../config/paths';
import { useTurnos } from './api/get-turnos';
import { fechaHoraBogota, reportePath } from './format';
import './caja.css';

const PAGE_SIZE = 20;

/** /caja/turnos: the history of shifts by date and cashier (role 2: its own only). */
export default function TurnosPage() {
  const [filtros, setFiltros] = useState({ desde: '', hasta: '', cajero: '' });
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const key = JSON.stringify(filtros);
  const page = paging.key === key ? paging.page : 1;
  const list = useTurnos({ desde: filtros.desde, hasta: filtros.hasta, cajero: filtros.cajero === '' ? undefined : Number(filtros.cajero), page, pageSize: PAGE_SIZE });
  const cajeros = list.data?.cajeros ?? [];

  return (
    <>
      <PageHeader title={M.caja.tituloTurnos} backTo={paths.caja} backLabel={M.caja.irACaja}>
        <Link className="btn btn--ghost" to={paths.caja}>
          {M.caja.irACaja}
        </Link>
      </PageHeader>
      <div className="toolbar caja-filtros" role="search">
        <div className="field">
          <label htmlFor="turnos-desde">{M.caja.desde}</label>
          <input id="turnos-desde" type="date" value={filtros.desde} onChange={(e) => setFiltros({ ...filtros, desde: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="turnos-hasta">{M.caja.hasta}</label>
          <input id="turnos-hasta" type="date" value={filtros.hasta} onChange={(e) => setFiltros({ ...filtros, hasta: e.target.value })} />
        </div>
        {cajeros.length ? (
          <div className="field">
            <label htmlFor="turnos-cajero">{M.caja.cajero}</label>
            <select id="turnos-cajero" value={filtros.cajero} onChange={(e) => setFiltros({ ...filtros, cajero: e.target.value })}>
              <option value="">{M.caja.todos}</option>
              {cajeros.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nombre}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <ListState query={list} loading={M.caja.cargandoTurnos} failed={M.caja.turnosFallidos} empty={M.caja.sinTurnos}>
        {(items) => (
          <>
            <div className="table-wrap">
              <table className="table caja-turnos" aria-busy={list.isFetching}>
                <caption className="visually-hidden">{M.caja.tituloTurnos}</caption>
                <thead>
                  <tr>
                    <th scope="col">Turno</th>
                    <th scope="col">{M.caja.cajero}</th>
                    <th scope="col">{M.caja.abiertaEn}</th>
                    <th scope="col">{M.caja.cerradaEn}</th>
                    <th scope="col" className="num">
                      {M.caja.ventasCol}
                    </th>
                    <th scope="col" className="num">
                      {M.caja.diferencia}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((x) => (
                    <tr key={x.id}>
                      <td data-label="Turno">#{x.id}</td>
                      <td data-label={M.caja.cajero}>{x.cajero}</td>
                      <td data-label={M.caja.abiertaEn}>{fechaHoraBogota(x.abiertoEn)}</td>
                      <td data-label={M.caja.cerradaEn}>{x.cerradoEn ? fechaHoraBogota(x.cerradoEn) : <span className="badge badge--warn">{M.caja.estadoAbierto}</span>}</td>
                      <td data-label={M.caja.ventasCol} className="num">
                        {x.numeroVentas}
                      </td>
                      <td data-label={M.caja.diferencia} className="num">
                        {x.diferencia == null ? '—' : <span className={x.diferencia < 0 ? 'caja-dif--neg' : undefined}>{formatPesos(x.diferencia)}</span>}
                      </td>
                      <td className="caja-turnos__acciones">
                        <Link className="btn btn--ghost btn--sm" to={reportePath(x.id)} aria-label={`Ver turno ${x.id}`}>
                          Ver
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onPage={(p) => setPaging({ key, page: p })} />
          </>
        )}
      </ListState>
    </>
  );
}
