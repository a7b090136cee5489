import { M } from '#shared/messages';
import {
  ZCreateInventarioRequest,
  ZCreateRolRequest,
  ZUpdateInventarioRequest,
  ZUpdateMetodoPagoRequest,
  ZUpdateRolRequest,
} from '#shared/schemas/crud';
import { entregaPedidosCrud } from '../../modules/crud/crud.entrega-pedidos.service';
import { inventarioCrud } from '../../modules/crud/crud.inventario.service';
import { metodosDePagoCrud } from '../../modules/crud/crud.metodosdepago.service';
import { rolesCrud } from '../../modules/crud/crud.roles.service';
import { adminScope, conTotal, pagina, parseId } from '../comun';
import { ADMIN, READ, checkTiendaId, parseLegacy, type LegacyAction, type LegacyContext, type LegacyController } from '../legacy';
import { has, strOf } from '../params';

const noEncontrado = M.generic.notFound;
const paginaParams = [{ key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }];

/** A back-office list under `listar`, rows built by `row`. */
function listar<T>(
  area: string,
  list: (ctx: LegacyContext) => Promise<{ items: T[]; total: number }>,
  row: (r: T) => unknown[],
  response: string,
): LegacyAction {
  return {
    name: 'listar',
    description: `Back-office ${area} list.`,
    methods: READ,
    ...ADMIN,
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, ...paginaParams],
    response: `rows \`${response}\`; header \`X-Total-Count\``,
    handle: async (ctx) => {
      const page = await list(ctx);
      conTotal(ctx.reply, page.total);
      return page.items.map(row);
    },
  };
}

/** A back-office delete under `eliminar` = the row's id. */
function eliminar(area: string, remove: (ctx: LegacyContext, id: number) => Promise<{ message: string }>, extra = ''): LegacyAction {
  return {
    name: 'eliminar',
    description: `Back-office ${area} delete by id.${extra}`,
    methods: ['POST', 'DELETE'],
    ...ADMIN,
    match: (p) => has(p, 'eliminar'),
    params: [{ key: 'eliminar', note: 'the id (first column)' }],
    response: '`{ respuesta: true, mensaje }`; refused: `{ respuesta: false, mensaje }`',
    handle: async (ctx) => ({ respuesta: true, mensaje: (await remove(ctx, parseId(ctx.p, 'eliminar', noEncontrado))).message }),
  };
}

/** controlador.inventario.php (back-office). */
export const inventarioActions: LegacyController = [
  listar(
    'inventory',
    (ctx) => inventarioCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) }),
    (i) => [i.idInventario, i.cantidadInventario, i.fechaModificacion, i.estadoRevision, i.idTienda],
    '[id_Inventario, CantidadInventario, fechaModificacion (YYYY-MM-DD), estado_revision, tienda_idtienda]',
  ),
  {
    name: 'registroCrud',
    description: "Back-office inventory register; a typed id must be above 1; `tienda_idtienda` must be the session's store.",
    methods: ['POST'],
    ...ADMIN,
    match: (p) => has(p, 'registroCrud'),
    params: [
      { key: 'registroCrud', note: 'marker' },
      { key: 'id_inventario', optional: true },
      { key: 'CantidadInventario' },
      { key: 'fechaModificacion', note: 'YYYY-MM-DD' },
      { key: 'estado_revision' },
      { key: 'tienda_idtienda' },
    ],
    response: '`{ success: true, mensaje, id_Inventario }`',
    handle: async (ctx) => {
      const { p } = ctx;
      checkTiendaId(ctx, 'tienda_idtienda');
      const input = parseLegacy(ZCreateInventarioRequest, {
        idInventario: strOf(p, 'id_inventario', 'id_Inventario'),
        cantidadInventario: strOf(p, 'CantidadInventario', 'cantidadInventario'),
        fechaModificacion: strOf(p, 'fechaModificacion'),
        estadoRevision: strOf(p, 'estado_revision', 'estado_revisión'),
        idTienda: strOf(p, 'tienda_idtienda'),
      });
      const r = await inventarioCrud.create({ db: ctx.app.db, scope: adminScope(ctx), input });
      return { success: true, mensaje: r.message, id_Inventario: r.id };
    },
  },
  {
    name: 'actualizar',
    description: 'Back-office inventory edit, by `id_Inventario` (the spelling `estado_revisión` of the old form is read too).',
    methods: ['POST', 'PUT'],
    ...ADMIN,
    match: (p) => has(p, 'actualizar'),
    params: [
      { key: 'actualizar', note: 'true' },
      { key: 'id_Inventario' },
      { key: 'cantidadInventario' },
      { key: 'fechaModificacion', note: 'YYYY-MM-DD' },
      { key: 'estado_revisión' },
      { key: 'tienda_idtienda', optional: true },
    ],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const { p } = ctx;
      checkTiendaId(ctx, 'tienda_idtienda');
      const id = parseId(p, ['id_Inventario', 'id_inventario'], noEncontrado);
      const input = parseLegacy(ZUpdateInventarioRequest, {
        cantidadInventario: strOf(p, 'cantidadInventario', 'CantidadInventario'),
        fechaModificacion: strOf(p, 'fechaModificacion'),
        estadoRevision: strOf(p, 'estado_revisión', 'estado_revision'),
      });
      const r = await inventarioCrud.update({ db: ctx.app.db, scope: adminScope(ctx), id, input });
      return { respuesta: true, mensaje: r.message };
    },
  },
  eliminar('inventory', (ctx, id) => inventarioCrud.remove({ db: ctx.app.db, scope: adminScope(ctx), id })),
];

/** controlador.metodospago.php (back-office): a global catalogue; store admins read it, the operator edits it. */
export const metodosPagoActions: LegacyController = [
  listar(
    'payment method',
    (ctx) => metodosDePagoCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) }),
    (m) => [m.idMetPago, m.nombre],
    '[ID_Met_pago, Nombre]',
  ),
  {
    name: 'actualizar',
    description: 'Back-office payment method rename: the platform operator only (a store admin is refused, 403).',
    methods: ['POST', 'PUT'],
    ...ADMIN,
    match: (p) => has(p, 'actualizar'),
    params: [{ key: 'actualizar', note: 'true' }, { key: 'ID_Met_pago' }, { key: 'Nombre' }],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const id = parseId(ctx.p, ['ID_Met_pago', 'ID_Met_Pago'], noEncontrado);
      const input = parseLegacy(ZUpdateMetodoPagoRequest, { nombre: strOf(ctx.p, 'Nombre', 'nombre') });
      const r = await metodosDePagoCrud.update({ db: ctx.app.db, scope: adminScope(ctx), id, input });
      return { respuesta: true, mensaje: r.message };
    },
  },
];

/** controlador.rol.php (back-office): a global catalogue; store admins read it, the operator edits it. */
export const rolActions: LegacyController = [
  listar(
    'role',
    (ctx) => rolesCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) }),
    (r) => [r.idRol, r.nombreRol, r.descripcion],
    '[id_Rol, nombreRol, descripcion]',
  ),
  {
    name: 'registroCrud',
    description: "Back-office role register (id above 1): the platform operator only (a store admin is refused, 403).",
    methods: ['POST'],
    ...ADMIN,
    match: (p) => has(p, 'registroCrud'),
    params: [{ key: 'registroCrud', note: 'marker' }, { key: 'id_Rol' }, { key: 'nombreRol' }, { key: 'descripcion' }],
    response: '`{ success: true, mensaje }`',
    handle: async (ctx) => {
      const input = parseLegacy(ZCreateRolRequest, { idRol: strOf(ctx.p, 'id_Rol'), nombreRol: strOf(ctx.p, 'nombreRol'), descripcion: strOf(ctx.p, 'descripcion') });
      const r = await rolesCrud.create({ db: ctx.app.db, scope: adminScope(ctx), input });
      return { success: true, mensaje: r.message };
    },
  },
  {
    name: 'actualizar',
    description: 'Back-office role edit, by `id_Rol`: the platform operator only.',
    methods: ['POST', 'PUT'],
    ...ADMIN,
    match: (p) => has(p, 'actualizar'),
    params: [{ key: 'actualizar', note: 'true' }, { key: 'id_Rol' }, { key: 'nombreRol' }, { key: 'descripcion' }],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const input = parseLegacy(ZUpdateRolRequest, { idRol: strOf(ctx.p, 'id_Rol'), nombreRol: strOf(ctx.p, 'nombreRol'), descripcion: strOf(ctx.p, 'descripcion') });
      const r = await rolesCrud.update({ db: ctx.app.db, scope: adminScope(ctx), id: input.idRol, input });
      return { respuesta: true, mensaje: r.message };
    },
  },
  eliminar('role', (ctx, id) => rolesCrud.remove({ db: ctx.app.db, scope: adminScope(ctx), id }), ' The platform operator only; roles 1–3 stay.'),
];

/** controlador.entregaproductos.php (back-office order deliveries). */
export const entregaActions: LegacyController = [
  listar(
    'order delivery',
    (ctx) => entregaPedidosCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) }),
    (e) => [e.proveedorId, e.productoId, e.fechaEntrega, e.cantidad, e.idEntrega],
    '[idproveedor, idProducto, fechaEntrega (YYYY-MM-DD), cantidad, id_Entrega]',
  ),
];
