import { crud } from '#shared/messages/crud';
import { ZCreateMetodoPagoRequest, ZUpdateMetodoPagoRequest, type TMetodoPagoRow } from '#shared/schemas/crud';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.metodosdepago;

export const metodosdepago = defineEntity<TMetodoPagoRow>({
  key: 'metodosdepago',
  ...titulos(T),
  routes: {
    list: 'metodosdepago',
    register: 'registrar_metodosdepago',
    update: 'actualizar/actualizarMetodosdepago',
    listAliases: ['metodos_pago'],
    registerAliases: ['registrar_metodos_pago'],
  },
  // Spec §2: the payment-method update returns to /crud/metodos_pago (an alias of this list).
  afterUpdate: 'metodos_pago',
  operatorOnly: { create: true, update: true, delete: true },
  columns: [
    { header: T.columnas.idMetPago, cell: (r) => r.idMetPago, num: true },
    { header: T.columnas.nombre, cell: (r) => r.nombre },
  ],
  rowId: (r) => r.idMetPago,
  rowLabel: (r) => T.fila(r.idMetPago, r.nombre),
  fields: [
    { name: 'idMetPago', label: T.campos.idMetPago, type: 'number', readOnlyOnUpdate: true },
    { name: 'nombre', label: T.campos.nombre },
  ],
  emptyValues: () => ({ idMetPago: '', nombre: '' }),
  toForm: (r) => ({ idMetPago: String(r.idMetPago), nombre: r.nombre }),
  createSchema: ZCreateMetodoPagoRequest,
  updateSchema: ZUpdateMetodoPagoRequest,
  registerFailure: { refused: M.crud.errorRegistrar, network: M.crud.errorRealizarRegistro },
});
