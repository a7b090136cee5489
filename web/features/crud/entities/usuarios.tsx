import { crud } from '#shared/messages/crud';
import { TIPOS_DOC } from '#shared/roles';
import { ZCreateUsuarioRequest, ZUpdateUsuarioRequest, type TUsuarioRow } from '#shared/schemas/crud';
import { str, texto } from '../format';
import { camposContrasena } from './campos';
import { defineEntity, titulos } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };
const T = M.crud.usuarios;

export const usuarios = defineEntity<TUsuarioRow>({
  key: 'usuarios',
  ...titulos(T),
  routes: { list: 'usuarios', register: 'registrar_usuarios', update: 'actualizar/actualizarUsuario', registerAliases: ['registrar_usuario'] },
  columns: [
    { header: T.columnas.documento, cell: (r) => r.documento },
    { header: T.columnas.tipoDoc, cell: (r) => r.tipoDoc },
    { header: T.columnas.contrasena, cell: () => <span aria-label={M.crud.contrasenaOculta}>{M.crud.mask}</span> },
    { header: T.columnas.nombre, cell: (r) => r.nombre },
    { header: T.columnas.nombre2, cell: (r) => texto(r.nombre2) },
    { header: T.columnas.apellido, cell: (r) => r.apellido },
    { header: T.columnas.apellido2, cell: (r) => texto(r.apellido2) },
    { header: T.columnas.correo, cell: (r) => r.email },
    { header: T.columnas.idRol, cell: (r) => r.idRol, num: true },
    { header: T.columnas.codigoInvitacion, cell: (r) => texto(r.codigoInvitacion) },
    { header: T.columnas.idTienda, cell: (r) => texto(r.idTienda), num: true },
    // The old system's recovery code column: never shown.
    { header: T.columnas.codigo, cell: () => M.crud.sinValor },
  ],
  rowId: (r) => r.idUsuario,
  rowLabel: (r) => T.fila(r.documento, r.nombre, r.apellido),
  fields: [
    { name: 'documento', label: T.campos.documento, type: 'text', autoComplete: 'off', hint: T.ayudas.documento },
    { name: 'tipoDoc', label: T.campos.tipoDoc, type: 'select', options: TIPOS_DOC },
    { name: 'nombre', label: T.campos.nombre, autoComplete: 'off' },
    { name: 'nombre2', label: T.campos.nombre2, autoComplete: 'off' },
    { name: 'apellido', label: T.campos.apellido, autoComplete: 'off' },
    { name: 'apellido2', label: T.campos.apellido2, autoComplete: 'off' },
    { name: 'email', label: T.campos.email, type: 'email', autoComplete: 'off' },
    ...camposContrasena(T),
    { name: 'codigo_invitacion', label: T.campos.codigoInvitacion, hint: T.ayudas.codigoInvitacion },
    { name: 'idRol', label: T.campos.idRol, type: 'select', options: 'roles' },
  ],
  emptyValues: (s) => ({
    documento: '',
    tipoDoc: 'CC',
    nombre: '',
    nombre2: '',
    apellido: '',
    apellido2: '',
    email: '',
    contrasena: '',
    codigo_invitacion: s.codigo_invitacion ?? '',
    idRol: '',
  }),
  toForm: (r) => ({
    documento: r.documento,
    tipoDoc: r.tipoDoc,
    nombre: r.nombre,
    nombre2: str(r.nombre2),
    apellido: r.apellido,
    apellido2: str(r.apellido2),
    email: r.email,
    contrasena: '',
    codigo_invitacion: str(r.codigoInvitacion),
    idRol: String(r.idRol),
  }),
  createSchema: ZCreateUsuarioRequest,
  updateSchema: ZUpdateUsuarioRequest,
  registerFailure: { refused: M.crud.credencialesIncorrectas, network: M.crud.errorIniciarSesion },
  successButton: M.crud.iniciarSesion,
});
