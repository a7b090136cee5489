import { crud } from '#shared/messages/crud';
import { ZCrudCreateProveedorRequest, ZCrudUpdateProveedorRequest, type TProveedorRow } from '#shared/schemas/crud';
import { str } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const proveedor = defineEntity<TProveedorRow>({
  key: 'proveedor',
  menu: 'Proveedores',
  listTitle: 'Lista de proveedores',
  registerTitle: 'Registrar proveedor',
  updateTitle: 'Actualizar proveedor',
  routes: { list: 'proveedor', register: 'registrar_proveedor', update: 'actualizar/actualizarProveedor', listAliases: ['proveedores'] },
  cancelRegister: 'proveedores',
  searchHint: 'Nombre, email o id del proveedor',
  columns: [
    { header: 'idproveedor', cell: (r) => r.idProveedor, num: true },
    { header: 'nombre', cell: (r) => r.nombre },
    { header: 'telefono', cell: (r) => r.telefono },
    { header: 'email', cell: (r) => r.email },
    { header: 'id_tienda', cell: (r) => r.idTienda, num: true },
  ],
  rowId: (r) => r.idProveedor,
  rowLabel: (r) => `el proveedor ${r.idProveedor} (${r.nombre})`,
  fields: [
    {
      name: 'idProveedor',
      label: 'ID de Proveedor (opcional)',
      type: 'number',
      hint: 'Déjelo vacío y se asigna solo; si lo escribe, debe ser mayor que 1.',
      readOnlyOnUpdate: true,
    },
    { name: 'nombre', label: 'Nombre', autoComplete: 'organization' },
    { name: 'telefono', label: 'Teléfono', type: 'tel', autoComplete: 'off' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
    { name: 'idTienda', label: 'Id de la tienda', type: 'number', tienda: 'always', readOnlyOnUpdate: true },
  ],
  emptyValues: (s) => ({ idProveedor: '', nombre: '', telefono: '', email: '', idTienda: str(s.id_Tienda) }),
  toForm: (r) => ({ idProveedor: String(r.idProveedor), nombre: r.nombre, telefono: r.telefono, email: r.email, idTienda: String(r.idTienda) }),
  createSchema: ZCrudCreateProveedorRequest,
  updateSchema: ZCrudUpdateProveedorRequest,
  registerFailure: { refused: M.crud.credencialesIncorrectas, network: M.crud.errorIniciarSesion },
});
