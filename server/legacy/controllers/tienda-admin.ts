import { M } from '#shared/messages';
import { ZUpdateTiendaRequest } from '#shared/schemas/crud';
import { tiendaCrud } from '../../modules/crud/crud.tienda.service';
import { adminScope, conTotal, contrasenaNueva, pagina, parseId } from '../comun';
import { ADMIN, READ, checkCodigo, parseLegacy, type LegacyController } from '../legacy';
import { has, strOf } from '../params';

const noEncontrado = M.generic.notFound;

/** controlador.tienda.php, back-office: the admin's own store (every store for the operator). */
export const tiendaAdminActions: LegacyController = [
  {
    name: 'listar',
    description: "Back-office store list: a store admin sees its own store, the platform operator every store. The password is a mask.",
    methods: READ,
    ...ADMIN,
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, { key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }],
    response: 'objects `{ idtienda, nombreTienda, direccion, telefono, correo, contrasena (mask), codigo_invitacion }`; header `X-Total-Count`',
    handle: async (ctx) => {
      const page = await tiendaCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) });
      conTotal(ctx.reply, page.total);
      return page.items.map((t) => ({
        idtienda: t.idTienda,
        nombreTienda: t.nombreTienda,
        direccion: t.direccion,
        telefono: t.telefono,
        correo: t.correo,
        contrasena: M.crud.mask,
        codigo_invitacion: t.codigoInvitacion,
      }));
    },
  },
  {
    name: 'modificar',
    description:
      "Back-office store edit, sent as form data. A store admin edits only its own store (another store's id answers 404). An empty password, or the list's mask sent back, keeps the current one.",
    methods: ['POST', 'PUT'],
    ...ADMIN,
    match: (p) => has(p, 'modificar'),
    params: [
      { key: 'modificar', note: 'true' },
      { key: 'idtienda' },
      { key: 'nombreTienda' },
      { key: 'direccion', optional: true },
      { key: 'telefono', optional: true },
      { key: 'correo' },
      { key: 'contrasena', optional: true },
      { key: 'codigo_invitacion', optional: true, note: 'cannot change' },
    ],
    response: '`{ success: true, mensaje }`',
    handle: async (ctx) => {
      const { p } = ctx;
      await checkCodigo(ctx, 'codigo_invitacion');
      const id = parseId(p, ['idtienda', 'idTienda'], noEncontrado);
      const input = parseLegacy(ZUpdateTiendaRequest, {
        nombreTienda: strOf(p, 'nombreTienda'),
        direccion: strOf(p, 'direccion'),
        telefono: strOf(p, 'telefono'),
        correo: strOf(p, 'correo', 'email'),
        contrasena: contrasenaNueva(p),
      });
      const r = await tiendaCrud.update({ db: ctx.app.db, scope: adminScope(ctx), id, input, consulta: () => ctx.app.authLimits.lookup(ctx.req, ctx.reply, ctx.sesion) });
      return { success: true, mensaje: r.message };
    },
  },
  {
    name: 'eliminar',
    description: 'Back-office store delete: the platform operator only (a store admin is refused, 403).',
    methods: ['POST', 'DELETE'],
    ...ADMIN,
    match: (p) => has(p, 'eliminar'),
    params: [{ key: 'eliminar', note: 'idtienda' }],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const r = await tiendaCrud.remove({ db: ctx.app.db, scope: adminScope(ctx), id: parseId(ctx.p, 'eliminar', noEncontrado) });
      return { respuesta: true, mensaje: r.message };
    },
  },
];
