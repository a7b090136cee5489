import { crud } from '#shared/messages/crud';
import { formatCantidad } from '#shared/cantidad';
import { ZCreateMovimientoRequest, ZUpdateMovimientoRequest, type TMovimientoRow } from '#shared/schemas/crud';
import { fecha, hoyBogota, partesBogota, str, texto } from '../format';
import { campoId, campoReferencia } from './campos';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.movimiento;

export const movimiento = defineEntity<TMovimientoRow>({
  key: 'movimiento',
  ...titulos(T),
  routes: { list: 'movimiento', register: 'registrar_Movimiento', update: 'actualizar/actualizarMovimiento', listAliases: ['movimientos'] },
  columns: [
    { header: T.columnas.idMovimiento, cell: (r) => r.idMovimiento, num: true },
    { header: T.columnas.cantidadDespues, cell: (r) => formatCantidad(r.cantidadDespues, r.unidad), num: true },
    { header: T.columnas.fechaMovimiento, cell: (r) => fecha(r.fechaMovimiento), num: true },
    { header: T.columnas.fechaModificacion, cell: (r) => fecha(r.fechaModificacion), num: true },
    { header: T.columnas.estadoDespues, cell: (r) => texto(r.estadoDespues) },
    { header: T.columnas.inventarioId, cell: (r) => texto(r.inventarioId), num: true },
  ],
  soloAgregar: true,
  rowId: (r) => r.idMovimiento,
  rowLabel: (r) => T.fila(r.idMovimiento),
  fields: [
    campoId('idMovimiento', T.campos.idMovimiento, T.ayudas.idMovimiento),
    { name: 'cantidadDespues', label: T.campos.cantidadDespues, type: 'number' },
    { name: 'fechaMovimiento', label: T.campos.fechaMovimiento, type: 'date' },
    { name: 'fechaModificacion', label: T.campos.fechaModificacion, type: 'date' },
    { name: 'estadoDespues', label: T.campos.estadoDespues, suggestions: T.estados },
    campoReferencia('inventarioId', T.campos.inventarioId, 'inventario'),
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
