import { crud } from '#shared/messages/crud';
import { formatNumber, formatPesos } from '#shared/money';
import { ZCreateFacturaRequest, ZUpdateFacturaRequest, type TFacturaRow } from '#shared/schemas/crud';
import { formatearMonto } from '../../../components/ui/money-field';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const factura = defineEntity<TFacturaRow>({
  key: 'factura',
  menu: 'Facturas',
  listTitle: 'Lista de facturas',
  registerTitle: 'Registrar factura',
  updateTitle: 'Actualizar factura',
  routes: { list: 'factura', register: 'registrar_factura', update: 'actualizar/actualizarFactura/:id', listAliases: ['facturas'] },
  searchHint: 'Id de la venta o del producto, nombre del producto o estado',
  columns: [
    { header: 'venta_id_Venta', cell: (r) => r.ventaId, num: true },
    {
      header: 'producto_id_Producto',
      cell: (r) => (
        <>
          {r.productoId} <small className="crud-muted">{r.productoNombre}</small>
        </>
      ),
      num: true,
    },
    { header: 'Cantidad', cell: (r) => formatNumber(r.cantidad), num: true },
    { header: 'Precio', cell: (r) => formatPesos(r.precio), num: true },
    { header: 'Estado', cell: (r) => r.estado },
  ],
  rowId: (r) => r.idFactura,
  rowLabel: (r) => `la línea de ${r.productoNombre} de la venta ${r.ventaId}`,
  fields: [
    { name: 'ventaId', label: 'Venta ID', type: 'number', lookup: 'ventas' },
    { name: 'productoId', label: 'Producto ID', type: 'number', lookup: 'producto' },
    { name: 'cantidad', label: 'Cantidad', type: 'number' },
    { name: 'precio', label: 'Precio', type: 'money', hint: M.crud.enPesosUnitario },
    { name: 'estado', label: 'Estado', suggestions: ['Pendiente', 'Pagado'] },
  ],
  emptyValues: () => ({ ventaId: '', productoId: '', cantidad: '', precio: '', estado: 'Pendiente' }),
  toForm: (r) => ({ ventaId: String(r.ventaId), productoId: String(r.productoId), cantidad: String(r.cantidad), precio: formatearMonto(String(r.precio)), estado: r.estado }),
  createSchema: ZCreateFacturaRequest,
  updateSchema: ZUpdateFacturaRequest,
  // Spec §8: the server's message, or 'Error desconocido'; 'Error al registrar la factura' on a network error.
  registerFailure: { network: M.crud.errorRegistrarFactura },
});
