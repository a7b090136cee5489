import { crud } from '#shared/messages/crud';
import { ZCreateRolRequest, ZUpdateRolRequest, type TRolRow } from '#shared/schemas/crud';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const roles = defineEntity<TRolRow>({
  key: 'roles',
  menu: 'Roles',
  listTitle: 'Lista de roles',
  registerTitle: 'Registrar rol',
  updateTitle: 'Actualizar rol',
  // The roles menu of the old system navigated to 'registrar_Rol': routes match regardless of case.
  routes: { list: 'roles', register: 'registrar_rol', update: 'actualizar/actualizarRol', registerAliases: ['registrar_roles'], listAliases: ['rol'] },
  searchHint: 'Nombre, descripción o id del rol',
  operatorOnly: { create: true, update: true, delete: true },
  columns: [
    { header: 'Id Rol', cell: (r) => r.idRol, num: true },
    { header: 'Nombre del Rol', cell: (r) => r.nombreRol },
    { header: 'Descripcion del Rol', cell: (r) => r.descripcion },
  ],
  rowId: (r) => r.idRol,
  rowLabel: (r) => `el rol ${r.idRol} (${r.nombreRol})`,
  fields: [
    { name: 'idRol', label: 'Id del Rol', type: 'number', hint: 'Un número mayor que 1.' },
    { name: 'nombreRol', label: 'Nombre del Rol' },
    { name: 'descripcion', label: 'Descripción', only: 'create', wide: true },
    { name: 'descripcion', label: 'Descripción del Rol', only: 'update', wide: true },
  ],
  emptyValues: () => ({ idRol: '', nombreRol: '', descripcion: '' }),
  toForm: (r) => ({ idRol: String(r.idRol), nombreRol: r.nombreRol, descripcion: r.descripcion }),
  createSchema: ZCreateRolRequest,
  updateSchema: ZUpdateRolRequest,
  registerFailure: { refused: M.crud.credencialesIncorrectas, network: M.crud.errorIniciarSesion },
});
