import { crud } from '#shared/messages/crud';
import { ZCrudCreateProveedorRequest, ZCrudUpdateProveedorRequest, type TProveedorRow } from '#shared/schemas/crud';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.proveedor;

export const proveedor = defineEntity<TProveedorRow>({
  key: 'proveedor',
  menu: T.menu,
  listTitle: T.listTitle,
  registerTitle: T.registerTitle,
  updateTitle: T.updateTitle,
  routes: { list: 'proveedor', register: 'registrar_proveedor', update: 'actualizar/actualizarProveedor', listAliases: ['proveedores'] },
  cancelRegister: 'proveedores',
  searchHint: T.buscar,
  columns: [
    { header: T.columnas.idProveedor, cell: (r) => r.idProveedor, num: true },
    { header: T.columnas.nombre, cell: (r) => r.nombre },
    { header: T.columnas.telefono, cell: (r) => r.telefono },
    { header: T.columnas.email, cell: (r) => r.email },
    { header: T.columnas.idTienda, cell: (r) => r.idTienda, num: true },
  ],
  archivable: true,
  rowId: (r) => r.idProveedor,
  rowLabel: (r) => T.fila(r.idProveedor, r.nombre),
  fields: [
    {
      name: 'idProveedor',
      label: T.campos.idProveedor,
      type: 'number',
      hint: T.ayudas.idProveedor,
      readOnlyOnUpdate: true,
    },
    { name: 'nombre', label: T.campos.nombre, autoComplete: 'organization' },
    { name: 'telefono', label: T.campos.telefono, type: 'tel', autoComplete: 'off' },
    { name: 'email', label: T.campos.email, type: 'email', autoComplete: 'off' },
    { name: 'documento', label: T.campos.documento, autoComplete: 'off' },
    { name: 'direccion', label: T.campos.direccion, autoComplete: 'off' },
    { name: 'obligadoFacturar', label: T.campos.obligadoFacturar, type: 'checkbox', defecto: 'true' },
    { name: 'idTienda', label: T.campos.idTienda, type: 'number', tienda: 'always', readOnlyOnUpdate: true },
  ],
  createSchema: ZCrudCreateProveedorRequest,
  updateSchema: ZCrudUpdateProveedorRequest,
  registerFailure: { refused: M.crud.credencialesIncorrectas, network: M.crud.errorIniciarSesion },
});
