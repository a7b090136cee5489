import { crud } from '#shared/messages/crud';
import { formatCantidad, formatPrecioUnidad } from '#shared/cantidad';
import { ZCreateFacturaRequest, ZUpdateFacturaRequest, type TFacturaRow } from '#shared/schemas/crud';
import { formatearMonto } from '../../../components/ui/money-field';
import { campoReferencia } from './campos';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.factura;

export const factura = defineEntity<TFacturaRow>({
  key: 'factura',
  ...titulos(T),
  routes: { list: 'factura', register: 'registrar_factura', update: 'actualizar/actualizarFactura/:id', listAliases: ['facturas'] },
  columns: [
    // The sale and the product as a person reads them (issue #52): the receipt's number and the
    // product's name; the ids (the form's fields) stay beside them, small.
    { header: T.columnas.ventaId, cell: (r) => T.venta(r.ventaNumero), num: true },
    {
      header: T.columnas.productoId,
      cell: (r) => (
        <>
          {r.productoNombre} <small className="crud-muted">{r.productoId}</small>
        </>
      ),
    },
    { header: T.columnas.cantidad, cell: (r) => formatCantidad(r.cantidad, r.unidad), num: true },
    { header: T.columnas.precio, cell: (r) => formatPrecioUnidad(r.precio, r.unidad), num: true },
    { header: T.columnas.estado, cell: (r) => r.estado },
  ],
  rowId: (r) => r.idFactura,
  rowLabel: (r) => T.fila(r.productoNombre, r.ventaNumero),
  fields: [
    campoReferencia('ventaId', T.campos.ventaId, 'ventas'),
    campoReferencia('productoId', T.campos.productoId, 'producto'),
    { name: 'cantidad', label: T.campos.cantidad, type: 'number' },
    { name: 'precio', label: T.campos.precio, type: 'money', hint: M.crud.enPesosUnitario },
    { name: 'estado', label: T.campos.estado, suggestions: T.estados },
    // Issue #36 point 7: the back-office's way past the recorded stock, as the till's 'Vender de todos modos'.
    { name: 'venderSinStock', label: T.campos.venderSinStock, type: 'checkbox', hint: T.venderSinStockAyuda, only: 'create' },
  ],
  emptyValues: () => ({ ventaId: '', productoId: '', cantidad: '', precio: '', estado: T.estados[0], venderSinStock: '' }),
  toForm: (r) => ({ ventaId: String(r.ventaId), productoId: String(r.productoId), cantidad: String(r.cantidad), precio: formatearMonto(String(r.precio)), estado: r.estado }),
  createSchema: ZCreateFacturaRequest,
  updateSchema: ZUpdateFacturaRequest,
  // Spec §8: the server's message, or 'Error desconocido'; 'Error al registrar la factura' on a network error.
  registerFailure: { network: M.crud.errorRegistrarFactura },
});
