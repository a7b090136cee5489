import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { parseCantidad } from '#shared/cantidad';
import { comun } from '#shared/messages/comun';
import { traslados } from '#shared/messages/traslados';
import { ESTADOS_TRASLADO, type TTrasladoResumen } from '#shared/schemas/traslado';
import { PageHeader } from '../../components/page-header';
import { Field, SelectField } from '../../components/ui/field';
import { ListState } from '../../components/ui/list-state';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { alertFailure, alertWarning, toastSuccess } from '../../lib/alerts';
import { useFechas } from '../../lib/fechas';
import { useSession } from '../../lib/session';
import { useDebounced } from '../../lib/use-debounced';
import { useListaPaginada } from '../../lib/use-lista-paginada';
import { buscarProductos, leerPorPedir, trasladosQuery, useCrearTraslado, useOtrasTiendas } from './api';
import { useQuery } from '@tanstack/react-query';
import './traslados.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, traslados };
const T = M.traslados;
const C = T.columnas;

export const rutaTraslado = (id: number) => `/traslados/${id}`;
const cant = (n: number) => n.toLocaleString('es-CO', { maximumFractionDigits: 3 });

type Linea = { productoId: number; nombre: string; cantidad: string };

/** A new transfer: send from this store or ask for it; products of this store, typed or from *Por pedir*. */
function NuevoTraslado({ tiendas }: { tiendas: { idTienda: number; nombreTienda: string }[] }) {
  const session = useSession();
  const navigate = useNavigate();
  const crear = useCrearTraslado();
  const [sentido, setSentido] = useState<'enviar' | 'pedir'>('enviar');
  const [otra, setOtra] = useState(String(tiendas[0]?.idTienda ?? ''));
  const [q, setQ] = useState('');
  const [lineas, setLineas] = useState<Linea[]>([]);
  const [nota, setNota] = useState('');
  const buscado = useDebounced(q.trim(), 250);
  const resultados = useQuery({ queryKey: ['traslados', 'buscar', buscado], queryFn: ({ signal }) => buscarProductos(buscado, signal), enabled: buscado.length > 0 });
  const agregar = (p: { id: number; nombre: string }, cantidad = '1') => setLineas((ls) => (ls.some((l) => l.productoId === p.id) ? ls : [...ls, { productoId: p.id, nombre: p.nombre, cantidad }]));
  const desdePorPedir = async () => {
    try {
      const pp = await leerPorPedir();
      const productos = pp.grupos.flatMap((g) => g.productos).filter((p) => p.sugerido > 0);
      if (productos.length === 0) return void alertWarning(T.porPedirVacio);
      setSentido('pedir');
      productos.forEach((p) => agregar(p, String(p.sugerido)));
    } catch (err) {
      alertFailure(err);
    }
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const aqui = session?.id_Tienda;
    if (aqui == null) return;
    if (lineas.length === 0) return void alertWarning(T.sinLineas);
    const conCantidad = lineas.map((l) => ({ productoId: l.productoId, cantidad: (parseCantidad(l.cantidad) ?? 0) / 1000 }));
    if (conCantidad.some((l) => !(l.cantidad > 0))) return void alertWarning(T.cantidadInvalida);
    const otraId = Number(otra);
    try {
      const res = await crear.mutateAsync({
        origenId: sentido === 'enviar' ? aqui : otraId,
        destinoId: sentido === 'enviar' ? otraId : aqui,
        nota: nota.trim() || null,
        lineas: conCantidad,
      });
      toastSuccess(res.message);
      navigate(rutaTraslado(res.traslado.id));
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <form className="card tr-nuevo" onSubmit={onSubmit} noValidate>
      <h2>{T.nuevo}</h2>
      <div className="tr-nuevo__fila">
        <SelectField label={T.tipo} value={sentido} onChange={(e) => setSentido(e.target.value as 'enviar' | 'pedir')} options={(['enviar', 'pedir'] as const).map((s) => ({ value: s, label: T.sentido[s]! }))} />
        <SelectField label={sentido === 'enviar' ? T.destino : T.origen} value={otra} onChange={(e) => setOtra(e.target.value)} options={tiendas.map((t) => ({ value: String(t.idTienda), label: t.nombreTienda }))} />
      </div>
      <div className="tr-nuevo__buscar">
        <Field label={T.buscarProducto} value={q} onChange={(e) => setQ(e.target.value)} maxLength={60} autoComplete="off" />
        <button type="button" className="btn btn--ghost" onClick={() => void desdePorPedir()}>
          {T.desdePorPedir}
        </button>
      </div>
      {/* Hidden as soon as the search is cleared (a product added), not 250 ms later when the debounced
          text follows: the list's going moved the quantities and «Crear traslado» under the pointer (a
          click landed below the button in a CI journey). */}
      {q.trim() && buscado && resultados.data ? (
        <ul className="tr-resultados" aria-label={T.buscarProducto}>
          {resultados.data.items.map((p) => (
            <li key={p.id}>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => (agregar(p), setQ(''))}>
                {T.agregar}: {p.nombre} <span className="tr-muted">({cant(p.stock)})</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {lineas.length > 0 ? (
        <ul className="tr-lineas">
          {lineas.map((l) => (
            <li key={l.productoId}>
              <span className="tr-lineas__nombre">{l.nombre}</span>
              <input
                className="tr-cantidad"
                aria-label={`${T.cantidad} ${l.nombre}`}
                inputMode="decimal"
                value={l.cantidad}
                onChange={(e) => setLineas((ls) => ls.map((x) => (x.productoId === l.productoId ? { ...x, cantidad: e.target.value } : x)))}
              />
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setLineas((ls) => ls.filter((x) => x.productoId !== l.productoId))}>
                {T.quitar}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Field label={T.nota} value={nota} onChange={(e) => setNota(e.target.value)} maxLength={500} />
      <button type="submit" className="btn" disabled={crear.isPending}>
        {crear.isPending ? T.pidiendo : T.pedir}
      </button>
    </form>
  );
}

/** /traslados (issue #56 point 3, ADR 056): the transfers of this store (all the empresa's for its owner), by state; a new one. */
export default function TrasladosPage() {
  const fechas = useFechas();
  const lista = useListaPaginada({ query: trasladosQuery, pageSize: 20, filters: { estado: '' } });
  const tiendas = useOtrasTiendas();
  return (
    <>
      <PageHeader title={T.titulo} />
      <p className="tr-intro">{T.subtitulo}</p>
      {tiendas.data ? tiendas.data.length > 0 ? <NuevoTraslado tiendas={tiendas.data} /> : <p className="state">{T.soloUnaTienda}</p> : null}
      <div className="tr-filtro">
        <SelectField label={T.estado} value={lista.filtros.estado} onChange={(e) => lista.setFiltros({ estado: e.target.value })} options={[{ value: '', label: T.todos }, ...ESTADOS_TRASLADO.map((s) => ({ value: s, label: T.estados[s]! }))]} />
      </div>
      <ListState lista={lista} loading={T.cargando} failed={T.cargaFallida} empty={T.vacio}>
        {(items) => (
          <TablaDatos<TTrasladoResumen>
            caption={T.titulo}
            rows={items}
            rowKey={(t) => t.id}
            busy={lista.query.isFetching}
            columns={[
              { header: C.numero, cell: (t) => <Link to={rutaTraslado(t.id)}>{T.numero(t.numero)}</Link> },
              { header: C.origen, cell: (t) => t.origen.nombreTienda },
              { header: C.destino, cell: (t) => t.destino.nombreTienda },
              { header: C.estado, cell: (t) => <span className={`tr-estado tr-estado--${t.estado}`}>{T.estados[t.estado]}</span> },
              { header: C.fecha, cell: (t) => fechas.fechaHora(t.creadoEn) },
              { header: C.unidades, num: true, cell: (t) => cant(t.unidades) },
            ]}
          />
        )}
      </ListState>
    </>
  );
}
