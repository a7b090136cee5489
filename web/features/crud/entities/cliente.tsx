import { crud } from '#shared/messages/crud';
import { TIPOS_DOC_CLIENTE } from '#shared/roles';
import { ZCrudCreateClienteRequest, ZCrudUpdateClienteRequest, type TClienteRow } from '#shared/schemas/crud';
import { texto } from '../format';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.cliente;

export const cliente = defineEntity<TClienteRow>({
  key: 'cliente',
  ...titulos(T),
  routes: { list: 'cliente', register: 'registrar_cliente', update: 'actualizar/actualizarCliente', listAliases: ['clientes'] },
  initialOperacion: M.crud.bienvenidoClientes,
  columns: [
    { header: T.columnas.documento, cell: (r) => r.documento },
    { header: T.columnas.tipoDocumento, cell: (r) => r.tipoDocumento },
    { header: T.columnas.nombre, cell: (r) => r.nombre },
    { header: T.columnas.apellido, cell: (r) => r.apellido },
    { header: T.columnas.correo, cell: (r) => texto(r.correo) },
  ],
  archivable: true,
  rowId: (r) => r.idCliente,
  rowLabel: (r) => T.fila(r.documento, r.nombre, r.apellido),
  fields: [
    { name: 'documento', label: T.campos.documento, autoComplete: 'off' },
    { name: 'nombre', label: T.campos.nombre, autoComplete: 'off' },
    { name: 'apellido', label: T.campos.apellido, autoComplete: 'off' },
    { name: 'tipoDocumento', label: T.campos.tipoDocumento, type: 'select', options: TIPOS_DOC_CLIENTE, defecto: 'CC' },
    { name: 'correo', label: T.campos.correo, type: 'email', autoComplete: 'off' },
    { name: 'idTienda', label: T.campos.idTienda, type: 'number', tienda: 'operator', only: 'create' },
  ],
  createSchema: ZCrudCreateClienteRequest,
  updateSchema: ZCrudUpdateClienteRequest,
  registerFailure: { refused: M.crud.errorRegistrarCliente, network: M.crud.errorRegistrarCliente },
});
