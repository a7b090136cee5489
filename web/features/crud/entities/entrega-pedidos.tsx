import { crud } from '#shared/messages/crud';
import { aMilesimas, formatMilesimas } from '#shared/cantidad';
import { ZCreateEntregaRequest, ZUpdateEntregaRequest, type TEntregaRow } from '#shared/schemas/crud';
import { fecha, hoyBogota } from '../format';
import { campoReferencia } from './campos';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.entrega_pedidos;

export const entregaPedidos = defineEntity<TEntregaRow>({
  key: 'entrega_pedidos',
  ...titulos(T),
  routes: {
    list: 'entrega_pedidos',
    register: 'registrar_entrega_pedidos',
    update: 'actualizar/actualizarEntregaPedido',
    // One invoice-list menu entry of the old system pointed to 'entrega_productos'.
    listAliases: ['entrega_productos', 'entregas'],
    registerAliases: ['registrar_entrega_pedido', 'registrar_entrega_productos'],
  },
  columns: [
    {
      header: T.columnas.proveedorId,
      cell: (r) => (
        <>
          {r.proveedorId} <small className="crud-muted">{r.proveedorNombre}</small>
        </>
      ),
      num: true,
    },
    {
      header: T.columnas.productoId,
      cell: (r) => (
        <>
          {r.productoId} <small className="crud-muted">{r.productoNombre}</small>
        </>
      ),
      num: true,
    },
    { header: T.columnas.fechaEntrega, cell: (r) => fecha(r.fechaEntrega), num: true },
    { header: T.columnas.cantidad, cell: (r) => formatMilesimas(aMilesimas(r.cantidad) ?? Math.round(r.cantidad * 1000)), num: true },
  ],
  rowId: (r) => r.idEntrega,
  rowLabel: (r) => T.fila(r.cantidad, r.productoNombre),
  fields: [
    campoReferencia('proveedorId', T.campos.proveedorId, 'proveedor'),
    campoReferencia('productoId', T.campos.productoId, 'producto'),
    { name: 'fechaEntrega', label: T.campos.fechaEntrega, type: 'date' },
    { name: 'cantidad', label: T.campos.cantidad, hint: T.ayudas.cantidad },
  ],
  emptyValues: () => ({ proveedorId: '', productoId: '', fechaEntrega: hoyBogota(), cantidad: '' }),
  toForm: (r) => ({ proveedorId: String(r.proveedorId), productoId: String(r.productoId), fechaEntrega: r.fechaEntrega, cantidad: formatMilesimas(aMilesimas(r.cantidad) ?? Math.round(r.cantidad * 1000)).replace(/\./g, '') }),
  createSchema: ZCreateEntregaRequest,
  updateSchema: ZUpdateEntregaRequest,
  registerFailure: { refused: M.crud.errorRegistrar, network: M.crud.errorRealizarRegistro },
});
