import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatCantidad } from '#shared/cantidad';
import { comun } from '#shared/messages/comun';
import { precios } from '#shared/messages/precios';
import { formatPesos } from '#shared/money';
import type { TClienteDeLista, TListaPrecioDetalle, TPrecioLista } from '#shared/schemas/listas-precios';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { TablaDatos } from '../../components/ui/tabla-datos';
import { paths } from '../../config/paths';
import { alertFailure, confirmAction, toastSuccess } from '../../lib/alerts';
import { useAsignarCliente, useCambiarLista, useEliminarLista, useGuardarPrecio, useLista } from './api/listas';
import { BuscarProducto, type Producto } from './buscar-producto';
import { CopiarATiendas } from './copiar-a-tiendas';
import { usePuedeListas } from './rutas';
import './precios.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, precios };
const C = M.precios.columnas;

/** The list's name and % off, and its deletion. */
function Datos({ lista, puede }: { lista: TListaPrecioDetalle; puede: boolean }) {
  const navigate = useNavigate();
  const cambiar = useCambiarLista(lista.id);
  const eliminar = useEliminarLista(lista.id);
  const [nombre, setNombre] = useState(lista.nombre);
  const [porcentaje, setPorcentaje] = useState(String(lista.porcentaje));
  useEffect(() => {
    setNombre(lista.nombre);
    setPorcentaje(String(lista.porcentaje));
  }, [lista.nombre, lista.porcentaje]);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      toastSuccess((await cambiar.mutateAsync({ nombre, porcentaje: Number(porcentaje || 0) })).message);
    } catch (err) {
      alertFailure(err);
    }
  };
  const onEliminar = async () => {
    if (!(await confirmAction(M.precios.confirmarEliminar(lista.nombre)))) return;
    try {
      toastSuccess((await eliminar.mutateAsync()).message);
      navigate(paths.listasPrecios);
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <form className="card precios-form" onSubmit={onSubmit} noValidate>
      <Field label={M.precios.nombre} value={nombre} maxLength={60} disabled={!puede} onChange={(e) => setNombre(e.target.value)} />
      <Field label={M.precios.porcentaje} hint={M.precios.porcentajeAyuda} inputMode="numeric" value={porcentaje} disabled={!puede} onChange={(e) => setPorcentaje(e.target.value.replace(/\D/g, ''))} />
      {puede ? (
        <div className="precios-acciones">
          <button type="submit" className="btn" disabled={cambiar.isPending}>
            {cambiar.isPending ? M.precios.guardando : M.precios.guardar}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onEliminar} disabled={eliminar.isPending}>
            {M.precios.eliminar}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** A product's price in the list from a quantity: search the product, then price and quantity. */
function NuevoPrecio({ lista }: { lista: TListaPrecioDetalle }) {
  const guardar = useGuardarPrecio(lista.id);
  const [producto, setProducto] = useState<Producto | null>(null);
  const [desde, setDesde] = useState('1');
  const [precio, setPrecio] = useState('');
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!producto) return alertFailure(new Error(M.precios.productoNoExiste));
    try {
      toastSuccess((await guardar.mutateAsync({ productoId: producto.id, desde: desde || '1', precio })).message);
      setPrecio('');
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <form className="precios-form precios-form--precio" onSubmit={onSubmit} noValidate>
      <BuscarProducto label={M.precios.producto} placeholder={M.precios.buscarProducto} valor={producto} onElegir={setProducto} />
      <Field label={M.precios.desde} inputMode="decimal" value={desde} onChange={(e) => setDesde(e.target.value)} />
      <Field label={M.precios.precio} inputMode="numeric" value={precio} onChange={(e) => setPrecio(e.target.value)} />
      <button type="submit" className="btn" disabled={guardar.isPending}>
        {M.precios.agregarPrecio}
      </button>
    </form>
  );
}

function Precios({ lista, puede }: { lista: TListaPrecioDetalle; puede: boolean }) {
  const guardar = useGuardarPrecio(lista.id);
  const quitar = async (p: TPrecioLista) => {
    try {
      toastSuccess((await guardar.mutateAsync({ productoId: p.productoId, desde: p.desde, precio: null })).message);
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <section className="card precios-seccion" aria-labelledby="precios-propios">
      <h2 id="precios-propios">{M.precios.preciosTitulo}</h2>
      <p className="precios-ayuda">{M.precios.preciosAyuda}</p>
      {puede ? <NuevoPrecio lista={lista} /> : null}
      {lista.precios.length === 0 ? (
        <p className="precios-vacio">{M.precios.sinPrecios}</p>
      ) : (
        <TablaDatos<TPrecioLista>
          caption={M.precios.preciosTitulo}
          rows={lista.precios}
          rowKey={(p) => `${p.productoId}-${p.desde}`}
          columns={[
            { header: C.producto, cell: (p) => p.producto },
            // The list's price first: at 390 px the table scrolls sideways, and this is what the owner looks for.
            { header: C.precio, num: true, cell: (p) => <strong>{formatPesos(p.precio)}</strong> },
            { header: C.desde, num: true, cell: (p) => formatCantidad(p.desde, p.unidad) },
            { header: C.base, num: true, cell: (p) => formatPesos(p.base) },
            // Not a pinned action column: at 390 px it would cover the list's price, the one figure the owner looks for.
            ...(puede
              ? [
                  {
                    header: <span className="visually-hidden">{M.comun.acciones}</span>,
                    id: 'quitar',
                    label: false as const,
                    cell: (p: TPrecioLista) => (
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => quitar(p)} aria-label={`${M.precios.quitar} ${p.producto} ${M.precios.desdeDe(formatCantidad(p.desde, p.unidad))}`}>
                        {M.precios.quitar}
                      </button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </section>
  );
}

function Clientes({ lista, puede }: { lista: TListaPrecioDetalle; puede: boolean }) {
  const asignar = useAsignarCliente(lista.id);
  const [documento, setDocumento] = useState('');
  const enviar = async (doc: string, asignado: boolean) => {
    try {
      toastSuccess((await asignar.mutateAsync({ documento: doc, asignado })).message);
      if (asignado) setDocumento('');
    } catch (err) {
      alertFailure(err);
    }
  };
  return (
    <section className="card precios-seccion" aria-labelledby="precios-clientes">
      <h2 id="precios-clientes">{M.precios.clientesTitulo}</h2>
      {puede ? (
        <form
          className="precios-form precios-form--cliente"
          onSubmit={(e) => {
            e.preventDefault();
            void enviar(documento, true);
          }}
          noValidate
        >
          <Field label={M.precios.documentoCliente} inputMode="numeric" value={documento} maxLength={20} onChange={(e) => setDocumento(e.target.value)} />
          <button type="submit" className="btn" disabled={asignar.isPending}>
            {M.precios.asignar}
          </button>
        </form>
      ) : null}
      {lista.clientes.length === 0 ? (
        <p className="precios-vacio">{M.precios.sinClientes}</p>
      ) : (
        <TablaDatos<TClienteDeLista>
          caption={M.precios.clientesTitulo}
          rows={lista.clientes}
          rowKey={(c) => c.id}
          columns={[
            { header: C.cliente, cell: (c) => c.nombre },
            { header: C.documento, cell: (c) => c.documento },
          ]}
          acciones={
            puede
              ? [
                  {
                    cell: (c: TClienteDeLista) => (
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => enviar(c.documento, false)} aria-label={`${M.precios.quitarCliente} ${c.nombre}`}>
                        {M.precios.quitarCliente}
                      </button>
                    ),
                  },
                ]
              : []
          }
        />
      )}
    </section>
  );
}

/** /listas_precios/:id (issue #59 point 1): one list's name and %, its own prices and its customers. */
export default function ListaPage() {
  const id = Number(useParams().id);
  const puede = usePuedeListas();
  const lista = useLista(id);
  return (
    <>
      <PageHeader title={lista.data?.nombre ?? M.precios.titulo} backTo={paths.listasPrecios} backLabel={M.precios.volver} />
      {lista.isPending ? (
        <p role="status">{M.precios.cargando}</p>
      ) : lista.isError ? (
        <p role="alert">{M.precios.cargaFallida}</p>
      ) : (
        <div className="precios-detalle">
          <Datos lista={lista.data} puede={puede} />
          <Precios lista={lista.data} puede={puede} />
          <Clientes lista={lista.data} puede={puede} />
          <CopiarATiendas recurso="listas-precios" id={lista.data.id} nombre={lista.data.nombre} />
        </div>
      )}
    </>
  );
}
