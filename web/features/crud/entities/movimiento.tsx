import { crud } from '#shared/messages/crud';
import { formatNumber } from '#shared/money';
import { ZCreateMovimientoRequest, ZUpdateMovimientoRequest, type TMovimientoRow } from '#shared/schemas/crud';
import { fecha, hoyBogota, partesBogota, str, texto } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const movimiento = defineEntity<TMovimientoRow>({
  key: 'movimiento',
  menu: 'Movimientos',
  listTitle: 'Lista de movimientos',
  registerTitle: 'Registrar movimiento',
  updateTitle: 'Actualizar movimiento',
  routes: { list: 'movimiento', register: 'registrar_Movimiento', update: 'actualizar/actualizarMovimiento', listAliases: ['movimientos'] },
  searchHint: 'Estado, motivo, id del movimiento o del inventario',
  columns: [
    { header: 'id_Movimiento', cell: (r) => r.idMovimiento, num: true },
    { header: 'cantidad_despues', cell: (r) => formatNumber(r.cantidadDespues), num: true },
    { header: 'fecha_movimiento', cell: (r) => fecha(r.fechaMovimiento), num: true },
    { header: 'fecha_modificacion', cell: (r) => fecha(r.fechaModificacion), num: true },
    { header: 'estado_despues', cell: (r) => texto(r.estadoDespues) },
    { header: 'inventario_id_Inventario', cell: (r) => texto(r.inventarioId), num: true },
  ],
  rowId: (r) => r.idMovimiento,
  rowLabel: (r) => `el movimiento ${r.idMovimiento}`,
  fields: [
    {
      name: 'idMovimiento',
      label: 'ID de Movimiento (opcional)',
      type: 'number',
      hint: 'Déjelo vacío y se asigna solo; si lo escribe, debe ser mayor que 1.',
      readOnlyOnUpdate: true,
    },
    { name: 'cantidadDespues', label: 'Cantidad después', type: 'number' },
    { name: 'fechaMovimiento', label: 'Fecha del movimiento', type: 'date' },
    { name: 'fechaModificacion', label: 'Fecha de modificación', type: 'date' },
    { name: 'estadoDespues', label: 'Estado después', suggestions: ['Entrada', 'Salida', 'Ajuste', 'Conteo físico'] },
    { name: 'inventarioId', label: 'ID del Inventario', type: 'number', lookup: 'inventario' },
  ],
  emptyValues: () => ({ idMovimiento: '', cantidadDespues: '', fechaMovimiento: hoyBogota(), fechaModificacion: hoyBogota(), estadoDespues: '', inventarioId: '' }),
  toForm: (r) => ({
    idMovimiento: String(r.idMovimiento),
    cantidadDespues: String(r.cantidadDespues),
    fechaMovimiento: partesBogota(r.fechaMovimiento).fecha,
    fechaModificacion: partesBogota(r.fechaModificacion).fecha,
    estadoDespues: r.estadoDespues,
    inventarioId: str(r.inventarioId),
  }),
  createSchema: ZCreateMovimientoRequest,
  updateSchema: ZUpdateMovimientoRequest,
  registerFailure: { refused: M.crud.credencialesIncorrectas, network: M.crud.errorRealizarRegistro },
});
