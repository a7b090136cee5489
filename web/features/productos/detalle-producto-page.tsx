import { useEffect } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { AppError } from '#shared/errors';
import { comun, generic } from '#shared/messages/comun';
import { productos } from '#shared/messages/productos';
import { formatPesos } from '#shared/money';
import { paths } from '../../config/paths';
import { useProducto } from './api/get-producto';
import { PageHeader } from '../../components/page-header';
import { ProductoForm } from './components/producto-form';
import { CostoMargen } from './components/costo-margen';
import { HistorialPrecios } from './components/historial-precios';
import { Presentaciones } from './components/presentaciones';
import { useMisPermisos } from '../../lib/mis-permisos';
import { EstadoBadge } from './components/productos-table';
import './productos.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic, productos };

/** The product id: navigation state `{ id_Producto }` (spec §2), or `?id=` so that a reload still works. */
function useProductoId(): number | null {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as { id_Producto?: unknown } | null)?.id_Producto;
  const raw = fromState ?? params.get('id');
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default function DetalleProductoPage() {
  const id = useProductoId();
  if (id == null) return <Navigate to={paths.gestionarProductos} replace />;
  return <Detalle id={id} />;
}

function Detalle({ id }: { id: number }) {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const producto = useProducto(id);
  const permisos = useMisPermisos();

  // Opened with the id in the state only: put it in the address too, for a reload.
  useEffect(() => {
    if (params.get('id') !== String(id)) setParams({ id: String(id) }, { replace: true, state: location.state });
  }, [id, params, setParams, location.state]);

  // Back to the list as it was left (its search and page), when it was opened from there.
  const desde = (location.state as { desde?: unknown } | null)?.desde;
  const lista = `${paths.gestionarProductos}${typeof desde === 'string' && desde.startsWith('?') ? desde : ''}`;
  const back = <PageHeader title={M.productos.detalleTitulo} backTo={lista} backLabel={M.productos.volver} className="gp-header" titleClassName="gp-header__title" actionsClassName="gp-header__actions" />;

  if (producto.isPending)
    return (
      <>
        {back}
        <div className="card state" role="status">
          {M.productos.cargandoDetalle}
        </div>
      </>
    );

  if (producto.isError) {
    const missing = producto.error instanceof AppError && producto.error.code === 'NOT_FOUND';
    return (
      <>
        {back}
        <div className="card state" role="alert">
          <p>{missing ? M.productos.noEncontrado : M.generic.errorText}</p>
          {missing ? (
            <Link className="btn" to={paths.gestionarProductos}>
              {M.productos.irALista}
            </Link>
          ) : (
            <button type="button" className="btn" onClick={() => producto.refetch()}>
              {M.comun.reintentar}
            </button>
          )}
        </div>
      </>
    );
  }

  const p = producto.data;
  return (
    <>
      {back}
      <section className="gp-detail" aria-labelledby="producto-nombre">
        <div className="gp-summary">
          <h2 id="producto-nombre">{p.nombre}</h2>
          <p className="gp-summary__facts">
            <EstadoBadge estado={p.estado} />
            {p.revisarStock ? (
              <span className="badge badge--danger" title={M.productos.revisarStockAyuda} data-testid="revisar-stock">
                {M.productos.revisarStock}
              </span>
            ) : null}
            {p.stock <= p.stockMin ? <span className="badge badge--warn">{M.productos.stockBajo}</span> : null}
            <span>{formatPesos(p.precio)}</span>
            <span className={p.stock < 0 ? 'gp-stock-negativo' : undefined}>{p.stock < 0 ? M.productos.stockNegativo(p.stock) : M.productos.enStock(p.stock, p.stockMin, p.unidad)}</span>
            {p.codigoBarras ? <span className="gp-cell-codigo">{M.productos.codigoBarrasResumen(p.codigoBarras)}</span> : null}
          </p>
        </div>
        <ProductoForm key={p.id} producto={p} onStale={async () => (await producto.refetch()).data} puede={{ precios: permisos.precios, stock: permisos.stock }} />
        <Presentaciones productoId={p.id} puede={permisos.productos && permisos.precios} unidad={p.unidad} />
        {permisos.reportes ? <CostoMargen id={p.id} /> : null}
        <HistorialPrecios id={p.id} />
      </section>
    </>
  );
}
