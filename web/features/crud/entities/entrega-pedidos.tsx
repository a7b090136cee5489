import { crud } from '#shared/messages/crud';
import { formatNumber } from '#shared/money';
import { ZCreateEntregaRequest, ZUpdateEntregaRequest, type TEntregaRow } from '#shared/schemas/crud';
import { fecha, hoyBogota } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const entregaPedidos = defineEntity<TEntregaRow>({
  key: 'entrega_pedidos',
  menu: 'Entregas',
  listTitle: 'Lista de entregas de pedidos',
  registerTitle: 'Registrar entrega de pedido',
  updateTitle: 'Actualizar entrega de pedido',
  routes: {
    list: 'entrega_pedidos',
    register: 'registrar_entrega_pedidos',
    update: 'actualizar/actualizarEntregaPedido',
    // One invoice-list menu entry of the old system pointed to 'entrega_productos'.
    listAliases: ['entrega_productos', 'entregas'],
    registerAliases: ['registrar_entrega_pedido', 'registrar_entrega_productos'],
  },
  searchHint: 'Producto, proveedor o sus ids',
  columns: [
    {
      header: 'ID del Proveedor',
      cell: (r) => (
        <>
          {r.proveedorId} <small className="crud-muted">{r.proveedorNombre}</small>
        </>
      ),
      num: true,
    },
    {
      header: 'ID del producto',
      cell: (r) => (
        <>
          {r.productoId} <small className="crud-muted">{r.productoNombre}</small>
        </>
      ),
      num: true,
    },
    { header: 'Fecha de Entrega', cell: (r) => fecha(r.fechaEntrega), num: true },
    { header: 'Cantidad', cell: (r) => formatNumber(r.cantidad), num: true },
  ],
  rowId: (r) => r.idEntrega,
  rowLabel: (r) => `la entrega de ${r.cantidad} × ${r.productoNombre}; su cantidad se descontará del stock`,
  fields: [
    { name: 'proveedorId', label: 'ID del Proveedor', type: 'number', lookup: 'proveedor' },
    { name: 'productoId', label: 'ID del producto', type: 'number', lookup: 'producto' },
    { name: 'fechaEntrega', label: 'Fecha de Entrega', type: 'date' },
    { name: 'cantidad', label: 'Cantidad', type: 'number', hint: 'Se suma al stock del producto.' },
  ],
  emptyValues: () => ({ proveedorId: '', productoId: '', fechaEntrega: hoyBogota(), cantidad: '' }),
  toForm: (r) => ({ proveedorId: String(r.proveedorId), productoId: String(r.productoId), fechaEntrega: r.fechaEntrega, cantidad: String(r.cantidad) }),
  createSchema: ZCreateEntregaRequest,
  updateSchema: ZUpdateEntregaRequest,
  registerFailure: { refused: M.crud.errorRegistrar, network: M.crud.errorRealizarRegistro },
});
