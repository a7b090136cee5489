import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZCreateMovimientoRequest, ZUpdateMovimientoRequest } from '#shared/schemas/crud';
import { movimientoCrud } from '../../modules/crud/crud.movimiento.service';
import { listarMovimientos } from '../../modules/movimiento/movimiento.service';
import { adminScope, conTotal, pagina, parseId } from '../comun';
import { fechaBogota, partesIso } from '../filas';
import { ADMIN, READ, legacyStore, parseLegacy, type LegacyController } from '../legacy';
import { has, str, type LegacyParams } from '../params';

const noEncontrado = M.generic.notFound;

const movimientoInput = (p: LegacyParams) => ({
  cantidadDespues: str(p, 'cantidad_despues'),
  fechaMovimiento: str(p, 'fecha_movimiento'),
  fechaModificacion: str(p, 'fecha_modificacion'),
  estadoDespues: str(p, 'estado_despues'),
  inventarioId: str(p, 'inventario_id_Inventario'),
});

const campos = [
  { key: 'cantidad_despues' },
  { key: 'fecha_movimiento', note: 'YYYY-MM-DD' },
  { key: 'fecha_modificacion', note: 'YYYY-MM-DD' },
  { key: 'estado_despues' },
  { key: 'inventario_id_Inventario' },
];

/** controlador.movimiento.php: the stock ledger; back-office list, register, edit and delete. */
export const movimientoActions: LegacyController = [
  {
    name: 'listarPorTienda',
    description:
      "The store's stock ledger, newest first: every stock change (sales, annulments, entries, adjustments). Role 3 is refused (403). The code must be the session's store's.",
    methods: READ,
    forbid: { roles: [ROL.ENCARGADO], message: M.roles.denyMovimientos, title: M.movimientos.denegadoTitulo },
    match: (p) => has(p, 'listarPorTienda'),
    params: [
      { key: 'listarPorTienda', note: "the store's invitation code" },
      { key: 'page', optional: true },
      { key: 'pageSize', optional: true, note: 'default and maximum 1000' },
    ],
    response: 'rows `[id, producto, stockAntes, entradas, salidas, stockDespues, fecha (YYYY-MM-DD HH:MM:SS)]`; header `X-Total-Count`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx, 'listarPorTienda');
      const { page, pageSize } = pagina(ctx.p);
      const r = await listarMovimientos({ db: ctx.app.db, tiendaId, query: { q: '', page, pageSize, productoId: undefined, desde: undefined, hasta: undefined } });
      conTotal(ctx.reply, r.total);
      return r.items.map((m) => [m.id, m.producto, m.stockAntes, m.entradas, m.salidas, m.stockDespues, partesIso(m.fecha).fechaHora]);
    },
  },
  {
    name: 'listar',
    description: 'Back-office movement list, newest first.',
    methods: READ,
    ...ADMIN,
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, { key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }],
    response:
      'rows `[id_Movimiento, cantidad_despues, fecha_movimiento (YYYY-MM-DD), fecha_modificacion (YYYY-MM-DD), estado_despues, inventario_id_Inventario]`; header `X-Total-Count`',
    handle: async (ctx) => {
      const page = await movimientoCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) });
      conTotal(ctx.reply, page.total);
      return page.items.map((m) => [
        m.idMovimiento,
        m.cantidadDespues,
        fechaBogota(new Date(m.fechaMovimiento)),
        fechaBogota(new Date(m.fechaModificacion)),
        m.estadoDespues,
        m.inventarioId,
      ]);
    },
  },
  {
    name: 'registroCrud',
    description: 'Back-office movement register: a free-text record (spec §4), the stock is not touched. A typed id must be above 1.',
    methods: ['POST'],
    ...ADMIN,
    match: (p) => has(p, 'registroCrud'),
    params: [{ key: 'registroCrud', note: 'marker' }, { key: 'id_Movimiento', optional: true }, ...campos],
    response: '`{ success: true, mensaje, id_Movimiento }`',
    handle: async (ctx) => {
      const input = parseLegacy(ZCreateMovimientoRequest, { idMovimiento: str(ctx.p, 'id_Movimiento'), ...movimientoInput(ctx.p) });
      const r = await movimientoCrud.create({ db: ctx.app.db, scope: adminScope(ctx), input });
      return { success: true, mensaje: r.message, id_Movimiento: r.id };
    },
  },
  {
    name: 'actualizar',
    description: 'Back-office movement edit, by `id_Movimiento`: refused (issue #27: the stock ledger is append-only; a correction is a new adjustment).',
    methods: ['POST', 'PUT'],
    ...ADMIN,
    match: (p) => has(p, 'actualizar'),
    params: [{ key: 'actualizar', note: 'true' }, { key: 'id_Movimiento' }, ...campos],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const id = parseId(ctx.p, 'id_Movimiento', noEncontrado);
      const input = parseLegacy(ZUpdateMovimientoRequest, movimientoInput(ctx.p));
      const r = await movimientoCrud.update({ db: ctx.app.db, scope: adminScope(ctx), id, input });
      return { respuesta: true, mensaje: r.message };
    },
  },
  {
    name: 'eliminar',
    description:
      "Back-office movement delete: `eliminar` (POST) or `id_Movimiento` (DELETE): refused (issue #27: the stock ledger is append-only). The old list's plain GET link cannot carry the token, so a GET never deletes.",
    methods: ['POST', 'DELETE'],
    ...ADMIN,
    match: (p, method) => has(p, 'eliminar') || (method === 'DELETE' && has(p, 'id_Movimiento')),
    params: [{ key: 'eliminar', note: 'or id_Movimiento' }],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const id = parseId(ctx.p, ['eliminar', 'id_Movimiento'], noEncontrado);
      const r = await movimientoCrud.remove({ db: ctx.app.db, scope: adminScope(ctx), id });
      return { respuesta: true, mensaje: r.message };
    },
  },
];
