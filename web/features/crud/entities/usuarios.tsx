import { crud } from '#shared/messages/crud';
import { TIPOS_DOC } from '#shared/roles';
import { ZCreateUsuarioRequest, ZUpdateUsuarioRequest, type TUsuarioRow } from '#shared/schemas/crud';
import { str, texto } from '../format';
import { defineEntity } from './types';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

export const usuarios = defineEntity<TUsuarioRow>({
  key: 'usuarios',
  menu: 'Usuarios',
  listTitle: 'Lista de usuarios',
  registerTitle: 'Registrar usuario',
  updateTitle: 'Actualizar usuario',
  routes: { list: 'usuarios', register: 'registrar_usuarios', update: 'actualizar/actualizarUsuario', registerAliases: ['registrar_usuario'] },
  searchHint: 'Documento, nombre, apellido o correo',
  columns: [
    { header: 'documento', cell: (r) => r.documento },
    { header: 'tipo_doc', cell: (r) => r.tipoDoc },
    { header: 'contrasena', cell: () => <span aria-label="Contraseña oculta">{M.crud.mask}</span> },
    { header: 'nombre1', cell: (r) => r.nombre },
    { header: 'nombre2', cell: (r) => texto(r.nombre2) },
    { header: 'apellido1', cell: (r) => r.apellido },
    { header: 'apellido2', cell: (r) => texto(r.apellido2) },
    { header: 'correo', cell: (r) => r.email },
    { header: 'rol_id_Rol', cell: (r) => r.idRol, num: true },
    { header: 'codigo_invitacion', cell: (r) => texto(r.codigoInvitacion) },
    { header: 'tienda_idtienda', cell: (r) => texto(r.idTienda), num: true },
    // The old system's recovery code column: never shown.
    { header: 'codigo', cell: () => M.crud.sinValor },
  ],
  rowId: (r) => r.idUsuario,
  rowLabel: (r) => `el usuario ${r.documento} (${r.nombre} ${r.apellido})`,
  fields: [
    { name: 'documento', label: 'Documento', type: 'text', autoComplete: 'off', hint: 'Al menos 10 dígitos.' },
    { name: 'tipoDoc', label: 'Tipo de documento', type: 'select', options: TIPOS_DOC },
    { name: 'nombre', label: 'Nombre', autoComplete: 'off' },
    { name: 'nombre2', label: 'Segundo nombre (opcional)', autoComplete: 'off' },
    { name: 'apellido', label: 'Apellido', autoComplete: 'off' },
    { name: 'apellido2', label: 'Segundo apellido (opcional)', autoComplete: 'off' },
    { name: 'email', label: 'Correo', type: 'email', autoComplete: 'off' },
    { name: 'contrasena', label: 'Contraseña', type: 'password', autoComplete: 'new-password', only: 'create', hint: 'Al menos 8 caracteres, con una mayúscula y un número.' },
    {
      name: 'contrasena',
      label: 'Nueva contraseña (opcional)',
      type: 'password',
      autoComplete: 'new-password',
      only: 'update',
      hint: 'Déjela vacía para no cambiarla.',
    },
    { name: 'codigo_invitacion', label: 'Código de invitación', hint: 'El de la tienda del usuario.' },
    { name: 'idRol', label: 'Id Rol', type: 'select', options: 'roles' },
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
