import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ZCreateUsuarioRequest, ZUpdateUsuarioRequest } from '#shared/schemas/crud';
import { usuariosCrud } from '../../modules/crud/crud.usuarios.service';
import { adminScope, conTotal, contrasenaNueva, pagina, usuarioPorDocumento } from '../comun';
import { ADMIN, READ, checkCodigo, parseLegacy, type LegacyController } from '../legacy';
import { legacy as L } from '#shared/messages/legacy';
import { has, sent, str, strOf, type LegacyParams } from '../params';

const usuarioInput = (p: LegacyParams) => ({
  documento: str(p, 'documento'),
  tipoDoc: sent(p, 'tipoDoc'),
  nombre: str(p, 'nombre'),
  nombre2: str(p, 'nombre2'),
  apellido: str(p, 'apellido'),
  apellido2: str(p, 'apellido2'),
  email: strOf(p, 'email', 'correo'),
  contrasena: contrasenaNueva(p),
  codigo_invitacion: str(p, 'codigo_invitacion'),
  idRol: strOf(p, 'idRol', 'rol_id_Rol'),
});

const campos = [
  { key: 'nombre' },
  { key: 'nombre2', optional: true },
  { key: 'apellido' },
  { key: 'apellido2', optional: true },
  { key: 'documento' },
  { key: 'tipoDoc', optional: true, note: "default 'CC'" },
  { key: 'email' },
  { key: 'contrasena' },
  { key: 'codigo_invitacion', note: "the session's store's" },
  { key: 'idRol' },
];

/** controlador.usuarios.php, back-office: users of the admin's store (every store for the operator). */
export const usuariosAdminActions: LegacyController = [
  {
    name: 'listar',
    description: "Back-office user list, newest first, with `success` and the rows under `data`. The password column is a mask: passwords are never returned.",
    methods: READ,
    ...ADMIN,
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, { key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }],
    response:
      '`{ success: true, data: rows, total }`, rows `[documento, tipo_doc, contrasena (mask), nombre1, nombre2, apellido1, apellido2, correo, rol_id_Rol, codigo_invitacion, tienda_idtienda, codigo (null)]`',
    handle: async (ctx) => {
      const page = await usuariosCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) });
      conTotal(ctx.reply, page.total);
      const data = page.items.map((u) => [
        u.documento,
        u.tipoDoc,
        M.crud.mask,
        u.nombre,
        u.nombre2,
        u.apellido,
        u.apellido2,
        u.email,
        u.idRol,
        u.codigoInvitacion,
        u.idTienda,
        null,
      ]);
      return { success: true, data, total: page.total };
    },
  },
  {
    name: 'registroCrud',
    description: "Back-office user register in the admin's store; a `codigo_invitacion` of another store is refused (403).",
    methods: ['POST'],
    ...ADMIN,
    match: (p) => has(p, 'registroCrud'),
    params: [{ key: 'registroCrud', note: 'marker' }, ...campos],
    response: '`{ success: true, mensaje }`',
    handle: async (ctx) => {
      await checkCodigo(ctx, 'codigo_invitacion');
      const input = parseLegacy(ZCreateUsuarioRequest, usuarioInput(ctx.p));
      const r = await usuariosCrud.create({ db: ctx.app.db, scope: adminScope(ctx), input, consulta: () => ctx.app.authLimits.lookup(ctx.req, ctx.reply, ctx.sesion) });
      return { success: true, mensaje: r.message };
    },
  },
  {
    name: 'actualizar',
    description:
      "Back-office user edit, the user found by `documento`. An empty password (or the list's mask sent back) keeps the current one; a new one ends the user's open sessions. " +
      'A documento is unique within a store: when it names users of several stores (the platform operator sees them all) the call is refused.',
    methods: ['POST', 'PUT'],
    ...ADMIN,
    match: (p) => has(p, 'actualizar'),
    params: [{ key: 'actualizar', note: 'true' }, ...campos.map((c) => (c.key === 'contrasena' || c.key === 'codigo_invitacion' ? { ...c, optional: true } : c))],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      await checkCodigo(ctx, 'codigo_invitacion');
      const input = parseLegacy(ZUpdateUsuarioRequest, usuarioInput(ctx.p));
      const id = await usuarioPorDocumento(ctx, input.documento);
      if (id == null) throw new AppError('NOT_FOUND', L.usuarioNoEncontrado);
      const r = await usuariosCrud.update({ db: ctx.app.db, scope: adminScope(ctx), id, input, consulta: () => ctx.app.authLimits.lookup(ctx.req, ctx.reply, ctx.sesion) });
      return { respuesta: true, mensaje: r.message };
    },
  },
  {
    name: 'eliminar',
    description: "Back-office user delete by document (the list's first column). Nobody deletes their own user.",
    methods: ['POST', 'DELETE'],
    ...ADMIN,
    match: (p) => has(p, 'eliminar'),
    params: [{ key: 'eliminar', note: 'documento' }],
    response: '`{ respuesta: true, mensaje }`; refused: `{ respuesta: false, mensaje }`',
    handle: async (ctx) => {
      const documento = sent(ctx.p, 'eliminar');
      const id = documento ? await usuarioPorDocumento(ctx, documento) : null;
      if (id == null) throw new AppError('NOT_FOUND', L.usuarioNoEncontrado);
      const r = await usuariosCrud.remove({ db: ctx.app.db, scope: adminScope(ctx), id });
      return { respuesta: true, mensaje: r.message };
    },
  },
];
