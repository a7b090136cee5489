import { M } from '#shared/messages';
import { ZLegacyActualizarProveedorRequest, ZLegacyRegistroCrudProveedorRequest } from '#shared/schemas/crud';
import { CAMPOS_DEL_PROVEEDOR, ZLegacyAgregarProveedorRequest } from '#shared/schemas/proveedor';
import { autorDe } from '../../modules/actividad/actividad.domain';
import * as dominio from '../../modules/proveedor/proveedor.domain';
import { adminScope, conTotal, pagina, parseId } from '../comun';
import { ADMIN, READ, checkTiendaId, legacyStore, parseLegacy, type LegacyContext, type LegacyController } from '../legacy';
import { legacy as L } from '#shared/messages/legacy';
import { extrasRespuesta, leerCampos, paramsExtras, respuestaConExtras } from '../campos';
import { has, hasAny, str } from '../params';

const noEncontrado = M.generic.notFound;
/** Every supplier of a store fits one answer; the old client filters it in the browser. */
const TODOS = 10_000;

/** The extra keys of a supplier write beyond the old contract (the field list's `extra`): documented, parsed and answered from it. */
const EXTRAS = paramsExtras(CAMPOS_DEL_PROVEEDOR);
const EXTRAS_ALTA = paramsExtras(CAMPOS_DEL_PROVEEDOR, true);
const extras = (fila: dominio.TFilaProveedor) => extrasRespuesta(CAMPOS_DEL_PROVEEDOR, fila);
const respuesta = (doc: string) => respuestaConExtras(CAMPOS_DEL_PROVEEDOR, doc);

const MARKERS = ['listarPorTienda', 'listarProductos', 'listarNombreID', 'agregarProveedor', 'eliminar', 'registroCrud', 'actualizar', 'listar'];

async function listaAdmin(ctx: LegacyContext) {
  const page = await dominio.listarProveedores({ db: ctx.app.db, scope: adminScope(ctx), ...pagina(ctx.p), orden: 'recientes' });
  conTotal(ctx.reply, page.total);
  return page.items.map((r) => [r.idProveedor, r.nombre, r.telefono, r.email, r.idTienda]);
}

const listaAdminDoc = {
  methods: READ,
  ...ADMIN,
  response: 'rows `[idproveedor, nombre, telefono, email, id_tienda]`; header `X-Total-Count`',
  handle: listaAdmin,
} as const;

/** controlador.proveedor.php: the store's suppliers, their products; back-office list, register and edit. */
export const proveedorActions: LegacyController = [
  {
    name: 'listarPorTienda',
    description: "Every supplier of the session's store, by name.",
    methods: READ,
    match: (p) => has(p, 'listarPorTienda'),
    params: [{ key: 'listarPorTienda', note: 'true' }, { key: 'codigo_invitacion' }],
    response: 'rows `[nombre, telefono, email, id]`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const r = await dominio.listarProveedores({ db: ctx.app.db, scope: { tiendaId }, q: '', page: 1, pageSize: TODOS, orden: 'nombre' });
      return r.items.map((s) => [s.nombre, s.telefono, s.email, s.idProveedor]);
    },
  },
  {
    name: 'listarProductos',
    description: "The products of one supplier of the store, by name (another store's supplier answers 404).",
    methods: READ,
    match: (p) => has(p, 'listarProductos'),
    params: [{ key: 'listarProductos', note: 'true' }, { key: 'idproveedor' }],
    response: 'rows `[nombre, marca, precio, stock, id]`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const id = parseId(ctx.p, 'idproveedor', noEncontrado);
      const r = await dominio.productosDeProveedor({ db: ctx.app.db, scope: { tiendaId }, id, q: '', page: 1, pageSize: 1_000_000 });
      return r.items.map((x) => [x.nombre, x.marca, x.precio, x.stock, x.id]);
    },
  },
  {
    name: 'listarNombreID',
    description: "Names and ids of the store's suppliers, for the product form's select.",
    methods: READ,
    match: (p) => has(p, 'listarNombreID'),
    params: [{ key: 'listarNombreID', note: 'true' }, { key: 'codigo_invitacion' }],
    response: 'rows `[nombre, id]`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      return (await dominio.opcionesProveedores({ db: ctx.app.db, tiendaId })).map((o) => [o.nombre, o.id]);
    },
  },
  {
    name: 'agregarProveedor',
    description: "Adds a supplier to the session's store. Role 3 is refused (403, 'Acceso Denegado').",
    methods: ['POST'],
    forbid: dominio.NO_AGREGAN_NI_ELIMINAN,
    match: (p) => has(p, 'agregarProveedor'),
    params: [{ key: 'agregarProveedor', note: 'marker' }, { key: 'nombre' }, { key: 'telefono', note: 'digits' }, { key: 'email' }, { key: 'codigo_invitacion' }, ...EXTRAS_ALTA],
    response: respuesta('`{ success: true, mensaje, idproveedor }`'),
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const datos = parseLegacy(ZLegacyAgregarProveedorRequest, leerCampos(ctx.p, CAMPOS_DEL_PROVEEDOR, 'heredada'));
      const creado = await dominio.crearProveedor({ db: ctx.app.db, scope: { tiendaId }, datos });
      return { success: true, mensaje: L.proveedorRegistrado, idproveedor: creado.idProveedor, ...extras(creado) };
    },
  },
  {
    name: 'eliminar',
    description: "Deletes a supplier of the store; its products stay, without supplier. Role 3 is refused (403). A supplier with order deliveries stays.",
    methods: ['DELETE', 'POST'],
    forbid: dominio.NO_AGREGAN_NI_ELIMINAN,
    match: (p) => has(p, 'eliminar'),
    params: [{ key: 'eliminar', note: 'the supplier id (query string)' }],
    response: '`{ respuesta: true, success: true, mensaje }`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      await dominio.eliminarProveedor({ db: ctx.app.db, scope: { tiendaId }, id: parseId(ctx.p, 'eliminar', noEncontrado), autor: autorDe(ctx.sesion, 'legacy') });
      return { respuesta: true, success: true, mensaje: L.proveedorEliminado };
    },
  },
  {
    name: 'registroCrud',
    description: "Back-office supplier register; a typed id must be above 1; `id_tienda` must be the session's store.",
    methods: ['POST'],
    ...ADMIN,
    match: (p) => has(p, 'registroCrud'),
    params: [{ key: 'registroCrud', note: 'marker' }, { key: 'idproveedor', optional: true }, { key: 'nombre' }, { key: 'telefono' }, { key: 'email' }, { key: 'id_tienda' }, ...EXTRAS_ALTA],
    response: respuesta('`{ success: true, mensaje, idproveedor }`'),
    handle: async (ctx) => {
      checkTiendaId(ctx, 'id_tienda');
      const datos = parseLegacy(ZLegacyRegistroCrudProveedorRequest, {
        idProveedor: str(ctx.p, 'idproveedor'),
        ...leerCampos(ctx.p, CAMPOS_DEL_PROVEEDOR, 'heredada2'),
        idTienda: str(ctx.p, 'id_tienda'),
      });
      const creado = await dominio.crearProveedor({ db: ctx.app.db, scope: adminScope(ctx), datos });
      return { success: true, mensaje: M.crud.registrado.proveedor, idproveedor: creado.idProveedor, ...extras(creado) };
    },
  },
  {
    name: 'actualizar',
    description: 'Back-office supplier edit, by `idproveedor`.',
    methods: ['POST', 'PUT'],
    ...ADMIN,
    match: (p) => has(p, 'actualizar'),
    params: [{ key: 'actualizar', note: 'true' }, { key: 'idproveedor' }, { key: 'nombre' }, { key: 'telefono' }, { key: 'email' }, { key: 'id_tienda', optional: true }, ...EXTRAS],
    response: respuesta('`{ respuesta: true, mensaje }`'),
    handle: async (ctx) => {
      checkTiendaId(ctx, 'id_tienda');
      const id = parseId(ctx.p, 'idproveedor', noEncontrado);
      const cambios = parseLegacy(ZLegacyActualizarProveedorRequest, leerCampos(ctx.p, CAMPOS_DEL_PROVEEDOR, 'heredada2'));
      const guardado = await dominio.actualizarProveedor({ db: ctx.app.db, scope: adminScope(ctx), id, cambios, autor: autorDe(ctx.sesion, 'legacy') });
      return { respuesta: true, mensaje: M.crud.actualizado.proveedor, ...extras(guardado) };
    },
  },
  {
    name: 'listar',
    description: 'Back-office supplier list, newest first.',
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, { key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }],
    ...listaAdminDoc,
  },
  {
    name: '(no parameters)',
    description:
      "Back-office supplier list as the old client asks for it: a GET whose `listar` went into axios's configuration, so the request carries no parameter at all.",
    match: (p, method) => method === 'GET' && !hasAny(p, MARKERS),
    params: [],
    ...listaAdminDoc,
    methods: ['GET'],
  },
];

