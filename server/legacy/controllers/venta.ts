import { z } from 'zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ZClaveVenta, ZCreateVentaRequest } from '#shared/schemas/venta';
import { ventasCrud } from '../../modules/crud/crud.ventas.service';
import { anularVenta, completarVenta, metodoFueraDeCaja } from '../../modules/venta/venta.service';
import { adminScope, conTotal, pagina, parseId } from '../comun';
import { partesIso } from '../filas';
import { ADMIN, READ, checkDocumentoUsuario, checkTiendaId, legacyStore, parseLegacy, SALE_WRITE, type LegacyController } from '../legacy';
import { legacy as L } from '#shared/messages/legacy';
import { has, int, sent, str } from '../params';
import { crearVentaPendiente, tieneLineas } from '../../modules/venta/venta.por-pasos';

const V = M.ventas;

/** controlador.venta.php: the old client's sale, step 1 and 3, and the back-office sales list. */
export const ventaActions: LegacyController = [
  {
    name: 'registro',
    // Moves only stock and sales data, as the till's checkout (docs/architecture.md "Caching").
    ...SALE_WRITE,
    description:
      "Step 1 of a sale: an empty Pendiente sale (total 0) of the session's store and cashier. The store and the cashier come from the token: a `tienda_idtienda` or `usuarios_documento` that is not the session's is refused (403). An unknown client document leaves the sale without client.",
    methods: ['POST'],
    match: (p) => has(p, 'registro') && !has(p, 'registroCrud'),
    params: [
      { key: 'registro', note: 'marker' },
      { key: 'EstadoVenta', note: 'Pendiente (the only state a sale starts in)' },
      { key: 'documento_Cliente', optional: true },
      { key: 'tienda_idtienda', optional: true, note: "must be the session's store" },
      { key: 'metododepago_ID_Met_Pago', note: "1–5; 0 → 'Seleccione un medio de pago'" },
      { key: 'usuarios_documento', optional: true, note: "must be the session's user" },
      { key: 'clave_Venta', optional: true, note: 'extra key (ADR 011): a UUID made by the client; step 1 sent again with it answers the same id_Venta' },
    ],
    response: '`{ success: true, id_Venta, mensaje }`',
    handle: async (ctx) => {
      const { app, p, sesion } = ctx;
      const tiendaId = await legacyStore(ctx);
      checkTiendaId(ctx, 'tienda_idtienda');
      checkDocumentoUsuario(ctx, 'usuarios_documento');
      const estado = sent(p, 'EstadoVenta');
      if (estado !== undefined && estado !== 'Pendiente') throw new AppError('VALIDATION', L.soloPendiente, { fields: { EstadoVenta: L.soloPendiente } });
      const metodoPagoId = parseLegacy(ZCreateVentaRequest.shape.metodoPagoId, int(p, 'metododepago_ID_Met_Pago') ?? str(p, 'metododepago_ID_Met_Pago'));
      metodoFueraDeCaja(metodoPagoId, 'metododepago_ID_Met_Pago');
      const { clave_Venta: clave } = parseLegacy(z.object({ clave_Venta: ZClaveVenta.optional() }), { clave_Venta: sent(p, 'clave_Venta') });
      const id = await crearVentaPendiente({
        db: app.db,
        clave,
        tiendaId,
        usuarioId: sesion.usuarioId,
        metodoPagoId,
        documentoCliente: sent(p, 'documento_Cliente'),
        metodoNoExiste: () => new AppError('VALIDATION', V.metodoRequerido, { fields: { metododepago_ID_Met_Pago: V.metodoRequerido } }),
      });
      return { success: true, id_Venta: id, mensaje: L.ventaRegistrada };
    },
  },
  {
    name: 'modificarEstado',
    // Moves only stock and sales data, as the till's checkout (docs/architecture.md "Caching").
    ...SALE_WRITE,
    description:
      'Step 3: Completada (leaving the receipt; its lines become Pagado) or Anulada (the stock goes back with movimientos). Completing twice is harmless; an annulled sale cannot be completed; a sale without lines cannot be completed. Role 2 may change only its own sales of the same day (403 otherwise); roles 1 and 3 any sale of the store.',
    methods: ['POST', 'PUT'],
    match: (p) => has(p, 'modificarEstado'),
    params: [
      { key: 'modificarEstado', note: 'marker' },
      { key: 'id_Venta' },
      { key: 'EstadoVenta', note: 'Completada | Anulada' },
    ],
    response: '`{ status: "success", mensaje, id_Venta, EstadoVenta }`; refused: `{ status: "error", mensaje }`',
    handle: async (ctx) => {
      const { app, p, sesion } = ctx;
      const tiendaId = await legacyStore(ctx);
      const ventaId = parseId(p, ['id_Venta', 'modificarEstado'], V.ventaNoEncontrada);
      const destino = sent(p, 'EstadoVenta');
      let estado: string;
      if (destino === 'Completada') {
        if (!(await tieneLineas({ db: app.db, tiendaId, ventaId }))) throw new AppError('BUSINESS_RULE', L.ventaSinLineas);
        estado = (await completarVenta({ db: app.db, tiendaId, ventaId, actor: sesion })).estado;
      } else if (destino === 'Anulada') {
        estado = (await anularVenta({ db: app.db, tiendaId, ventaId, actor: { usuarioId: sesion.usuarioId, rol: sesion.rol, cara: 'legacy' } })).estado;
      } else {
        throw new AppError('VALIDATION', L.estadoVentaDestino, { fields: { EstadoVenta: L.estadoVentaDestino } });
      }
      return { status: 'success', mensaje: L.estadoModificado(estado), id_Venta: ventaId, EstadoVenta: estado };
    },
  },
  {
    name: 'listar',
    description: "Back-office sales list, newest first (the caller's store; every store for the platform operator).",
    methods: READ,
    ...ADMIN,
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, { key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }],
    response:
      'rows `[id_Venta, FechaVenta (YYYY-MM-DD), HoraVenta (HH:MM:SS), EstadoVenta, documento del cliente | null, tienda_idtienda, metododepago_ID_Met_pago, usuarios_documento | null, usuarios_tienda_idtienda | null]`; header `X-Total-Count`',
    handle: async (ctx) => {
      const page = await ventasCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) });
      conTotal(ctx.reply, page.total);
      return page.items.map((v) => {
        const { fecha, hora } = partesIso(v.fecha);
        return [v.idVenta, fecha, hora, v.estado, v.clienteDocumento, v.idTienda, v.metodoPagoId, v.usuarioDocumento, v.usuarioTiendaId];
      });
    },
  },
];
