import { useCallback, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import type { TProductoVenta } from '#shared/schemas/venta';
import { IconBack } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { alertWarning, confirmAction } from '../../lib/alerts';
import { actualizarDesde, agregarProducto, fijarCantidad, lineasSinStock, totalCarrito, unidadesCarrito, useCarrito } from './carrito';
import { BuscadorProductos } from './components/buscador-productos';
import { CarritoPanel } from './components/carrito-panel';
import { useAtrasAlInicio } from './use-atras-al-inicio';
import { useAtajo } from '../../lib/use-atajo';
import './ventas.css';

/** The till (spec §2 /ventas): search or scan products, build the cart, go to payment. */
export default function VentasPage() {
  const navigate = useNavigate();
  const { lineas, update } = useCarrito();
  const buscarRef = useRef<HTMLInputElement>(null);
  useAtrasAlInicio(undefined, lineas.length ? () => confirmAction(M.ventas.salirTitle, M.ventas.salirText, M.ventas.salirConfirm) : undefined);

  const onAdd = useCallback((p: TProductoVenta) => update((l) => agregarProducto(l, p)), [update]);
  const onProducts = useCallback((items: TProductoVenta[]) => update((l) => actualizarDesde(l, items)), [update]);
  const enCarrito = useMemo(() => new Map(lineas.map((l) => [l.id, l.cantidad])), [lineas]);

  const generarPago = () => {
    if (lineas.length === 0) return void alertWarning(M.ventas.carritoVacio, M.ventas.carritoVacioText);
    const cortos = lineasSinStock(lineas);
    if (cortos.length) return void alertWarning(M.ventas.sinStockTitle, M.ventas.sinStock(cortos.map((l) => l.nombre)));
    navigate(paths.generarPago, { state: { carrito: lineas } });
  };

  const unidades = unidadesCarrito(lineas);
  useAtajo('F2', () => buscarRef.current?.focus());
  useAtajo('F4', generarPago);

  return (
    <>
      <header className="page-header">
        <div className="page-header__actions">
          <Link className="btn btn--ghost btn--icon" to={paths.inicio} aria-label="Volver al inicio">
            <IconBack />
          </Link>
        </div>
        <h1>Ventas</h1>
        <div className="page-header__actions" />
      </header>
      <div className="pos">
        <BuscadorProductos onAdd={onAdd} onProducts={onProducts} enCarrito={enCarrito} inputRef={buscarRef} />
        <CarritoPanel
          lineas={lineas}
          onCantidad={(id, cantidad) => update((l) => fijarCantidad(l, id, cantidad))}
          onListo={() => buscarRef.current?.focus()}
          onVaciar={async () => {
            if (await confirmAction('¿Vaciar el carrito?', 'Se quitarán todos los productos del carrito.', 'Sí, vaciar')) update(() => []);
          }}
          onGenerarPago={generarPago}
        />
      </div>
      {lineas.length ? (
        <div className="pos__barra" aria-hidden="true">
          <a href="#carrito" tabIndex={-1}>
            {unidades} {unidades === 1 ? 'unidad' : 'unidades'} · <strong>{formatPesos(totalCarrito(lineas))}</strong>
          </a>
          <button type="button" className="btn btn--sm" tabIndex={-1} onClick={generarPago}>
            Generar pago
          </button>
        </div>
      ) : null}
    </>
  );
}
