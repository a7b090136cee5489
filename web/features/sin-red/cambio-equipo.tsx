import { useEffect, useState } from 'react';
import { deMilesimas } from '#shared/cantidad';
import { devoluciones } from '#shared/messages/devoluciones';
import { sinRed } from '#shared/messages/sin-red';
import { METODO } from '#shared/roles';
import type { TMetodoPago, TProductoVenta } from '#shared/schemas/venta';
import { CuentasCambio, errorNuevos, milesimasNuevo, ProductosNuevos, RecibidoCambio, type Nuevo } from '../../components/cambio-nuevos';
import { SelectField } from '../../components/ui/field';
import { fuenteRegistrada } from '../../lib/fuente-venta';
import type { BaseLocal, DeshacerSalida, NuevaCambio, VentaSalida } from './base-local';
import { cambiarSinRed, valorDevueltoLocal, valorNuevoLocal } from './cambio-local';

const D = devoluciones;

/**
 * The exchange of a sale of this device, offline (issue #53 point 4): the online exchange's parts
 * (components/cambio-nuevos: what the customer takes, the difference) over the device's catalogue,
 * under the offline return's lines and reason (ventas-equipo.tsx). Queued by `cambiarSinRed`.
 */

/** The device's catalogue searched as the offline till searches it (an exact barcode first), six at a time. */
function useBuscarLocal(q: string): { items: TProductoVenta[] } | undefined {
  const [resultado, setResultado] = useState<{ q: string; items: TProductoVenta[] }>();
  useEffect(() => {
    let vivo = true;
    const fuente = fuenteRegistrada();
    if (q && fuente) void fuente.productos(q, 1, 6).then((r) => vivo && setResultado({ q, items: r.items }));
    return () => {
      vivo = false;
    };
  }, [q]);
  return resultado?.q === q ? resultado : undefined;
}

const nuevaDe = (n: Nuevo): NuevaCambio => ({
  productoId: n.producto.id,
  ...(n.producto.unidadVenta ? { unidadVentaId: n.producto.unidadVenta.id } : {}),
  nombre: n.producto.nombre,
  unidad: n.producto.unidad,
  precio: n.producto.precio,
  cantidad: deMilesimas(milesimasNuevo(n)),
});

/** The exchange's own state: what is taken, the method (the sale's by default), what the customer hands over; and its confirmation. */
export function useCambio(db: BaseLocal, venta: VentaSalida) {
  const [nuevos, setNuevos] = useState<Nuevo[]>([]);
  const [metodo, setMetodo] = useState<number>(venta.cuerpo.metodoPagoId);
  const [recibido, setRecibido] = useState('');
  const [metodos, setMetodos] = useState<TMetodoPago[]>([]);
  useEffect(() => {
    void db.metodos.toArray().then((m) => setMetodos(m.sort((a, b) => a.id - b.id)));
  }, [db]);
  const confirmar = async (devolver: { indice: number; cantidad: number }[], motivo: string) => {
    const mal = errorNuevos(nuevos);
    if (mal) throw new Error(mal);
    await cambiarSinRed(db, venta, { devolver, nuevas: nuevos.map(nuevaDe), metodoPagoId: metodo, montoRecibido: Number(recibido) || 0, motivo });
  };
  return { nuevos, setNuevos, metodo, setMetodo, recibido, setRecibido, metodos, confirmar };
}

/** What the customer takes, the difference's method and what they hand over, and the figures, as the online exchange shows them. */
export function CamposCambio({
  estado,
  venta,
  ops,
  lineas,
}: {
  estado: ReturnType<typeof useCambio>;
  venta: VentaSalida;
  ops: readonly DeshacerSalida[];
  lineas: { indice: number; cantidad: number }[];
}) {
  const devuelto = valorDevueltoLocal(
    venta,
    ops,
    lineas.filter((l) => l.cantidad > 0),
  );
  const nuevo = valorNuevoLocal(estado.nuevos.map(nuevaDe));
  const diferencia = nuevo - devuelto;
  const conCliente = !!venta.cuerpo.documentoCliente;
  const opciones = estado.metodos.filter((m) => m.id !== METODO.FIADO || conCliente).map((m) => ({ value: String(m.id), label: m.id === METODO.FIADO ? D.alFiado : m.nombre }));
  return (
    <>
      <ProductosNuevos nuevos={estado.nuevos} onChange={estado.setNuevos} useBuscar={useBuscarLocal} />
      <SelectField label={D.medioDiferencia} hint={D.medioDiferenciaAyuda} value={String(estado.metodo)} onChange={(e) => estado.setMetodo(Number(e.target.value))} options={opciones} />
      {diferencia > 0 && estado.metodo !== METODO.FIADO ? <RecibidoCambio diferencia={diferencia} value={estado.recibido} onChange={estado.setRecibido} /> : null}
      <CuentasCambio devuelto={devuelto} nuevo={nuevo} />
      <p className="muted">{sinRed.cambioSinRedAyuda}</p>
    </>
  );
}
