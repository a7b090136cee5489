import { crud } from '#shared/messages/crud';
import { ZCreateMetodoPagoRequest, ZUpdateMetodoPagoRequest, type TMetodoPagoRow } from '#shared/schemas/crud';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const metodosdepago = defineEntity<TMetodoPagoRow>({
  key: 'metodosdepago',
  menu: 'Métodos de pago',
  listTitle: 'Lista de métodos de pago',
  registerTitle: 'Registrar método de pago',
  updateTitle: 'Actualizar método de pago',
  routes: {
    list: 'metodosdepago',
    register: 'registrar_metodosdepago',
    update: 'actualizar/actualizarMetodosdepago',
    listAliases: ['metodos_pago'],
    registerAliases: ['registrar_metodos_pago'],
  },
  // Spec §2: the payment-method update returns to /crud/metodos_pago (an alias of this list).
  afterUpdate: 'metodos_pago',
  searchHint: 'Nombre o id del método de pago',
  operatorOnly: { create: true, update: true, delete: true },
  columns: [
    { header: 'Id Metodo de Pago', cell: (r) => r.idMetPago, num: true },
    { header: 'Nombre del Metodo de Pago', cell: (r) => r.nombre },
  ],
  rowId: (r) => r.idMetPago,
  rowLabel: (r) => `el método de pago ${r.idMetPago} (${r.nombre})`,
  fields: [
    { name: 'idMetPago', label: 'Id Metodo de Pago', type: 'number', readOnlyOnUpdate: true },
    { name: 'nombre', label: 'Nombre del Metodo de Pago' },
  ],
  emptyValues: () => ({ idMetPago: '', nombre: '' }),
  toForm: (r) => ({ idMetPago: String(r.idMetPago), nombre: r.nombre }),
  createSchema: ZCreateMetodoPagoRequest,
  updateSchema: ZUpdateMetodoPagoRequest,
  registerFailure: { refused: M.crud.errorRegistrar, network: M.crud.errorRealizarRegistro },
});
