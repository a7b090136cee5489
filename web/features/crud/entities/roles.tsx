import { crud } from '#shared/messages/crud';
import { ZCreateRolRequest, ZUpdateRolRequest, type TRolRow } from '#shared/schemas/crud';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.roles;

export const roles = defineEntity<TRolRow>({
  key: 'roles',
  ...titulos(T),
  // The roles menu of the old system navigated to 'registrar_Rol': routes match regardless of case.
  routes: { list: 'roles', register: 'registrar_rol', update: 'actualizar/actualizarRol', registerAliases: ['registrar_roles'], listAliases: ['rol'] },
  operatorOnly: { create: true, update: true, delete: true },
  columns: [
    { header: T.columnas.idRol, cell: (r) => r.idRol, num: true },
    { header: T.columnas.nombreRol, cell: (r) => r.nombreRol },
    { header: T.columnas.descripcion, cell: (r) => r.descripcion },
  ],
  rowId: (r) => r.idRol,
  rowLabel: (r) => T.fila(r.idRol, r.nombreRol),
  fields: [
    { name: 'idRol', label: T.campos.idRol, type: 'number', hint: T.ayudas.idRol },
    { name: 'nombreRol', label: T.campos.nombreRol },
    { name: 'descripcion', label: T.campos.descripcion, only: 'create', wide: true },
    { name: 'descripcion', label: T.campos.descripcionNueva, only: 'update', wide: true },
  ],
  emptyValues: () => ({ idRol: '', nombreRol: '', descripcion: '' }),
  toForm: (r) => ({ idRol: String(r.idRol), nombreRol: r.nombreRol, descripcion: r.descripcion }),
  createSchema: ZCreateRolRequest,
  updateSchema: ZUpdateRolRequest,
  registerFailure: { refused: M.crud.credencialesIncorrectas, network: M.crud.errorIniciarSesion },
});
