import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ZCreateFacturaRequest, ZUpdateFacturaRequest } from '#shared/schemas/crud';
import { ZAutorizacionPin, ZLineaVenta, zCantidadEscrita } from '#shared/schemas/venta';
import { autorDe } from '../../modules/actividad/actividad.domain';
import { analisisVentas } from '../../modules/analisis/analisis.service';
import { facturaCrud } from '../../modules/crud/crud.factura.service';
import { detalleFactura, listarFacturas } from '../../modules/factura/factura.service';
import { adminScope, conTotal, lineasDe, pagina, parseId } from '../comun';
import { partesIso } from '../filas';
import { ADMIN, READ, legacyStore, parseLegacy, SALE_WRITE, type LegacyController } from '../legacy';
import { legacy as L } from '#shared/messages/legacy';
import { has, int, str, type LegacyParams } from '../params';
import { marcarLineasPagadas, registrarLinea } from '../../modules/venta/venta.por-pasos';

const V = M.ventas;

/** The back-office invoice form's fields, under the old keys. */
const facturaCrudInput = (p: LegacyParams, schema: typeof ZCreateFacturaRequest = ZCreateFacturaRequest) =>
  parseLegacy(schema, {
    ventaId: str(p, 'venta_id_Venta'),
    productoId: str(p, 'producto_id_Producto'),
    cantidad: str(p, 'Cantidad'),
    precio: str(p, 'Precio'),
    estado: str(p, 'Estado'),
  });

/** controlador.factura.php: invoice lines of the old sale, the analysis, the invoice lists and the back-office. */
export const facturaActions: LegacyController = [
  {
    name: 'registroCrud',
    description: 'Back-office: registers an invoice line of a sale (issue #27: its units leave the stock through the ledger; the sale total follows its lines; the state follows the sale).',
    methods: ['POST'],
    ...ADMIN,
    match: (p) => has(p, 'registroCrud'),
    params: [{ key: 'registroCrud', note: 'marker' }, { key: 'venta_id_Venta' }, { key: 'producto_id_Producto' }, { key: 'Cantidad' }, { key: 'Precio' }, { key: 'Estado' }],
    response: '`{ success: true, message, mensaje, id_Factura }`',
    handle: async (ctx) => {
      const r = await facturaCrud.create({ db: ctx.app.db, scope: adminScope(ctx), input: facturaCrudInput(ctx.p) });
      return { success: true, message: r.message, mensaje: r.message, id_Factura: r.id };
    },
  },
  {
    name: 'registro',
    // Moves only stock and sales data, as the till's checkout (docs/architecture.md "Caching").
    ...SALE_WRITE,
    description:
      "Step 2 of a sale, one call per cart line, on a Pendiente sale of the store. The unit price is the product's own — the `Precio` sent is ignored — and the line starts Pendiente whatever `Estado` says. In one transaction the stock goes down through the ledger (with its movimiento), the line is written and the sale's total grows; short stock writes nothing.",
    methods: ['POST', 'PUT'],
    match: (p) => has(p, 'registro'),
    params: [
      { key: 'registro', note: 'marker' },
      { key: 'venta_id_Venta' },
      { key: 'producto_id_Producto' },
      { key: 'Precio', note: 'ignored: the price is read from the product' },
      { key: 'Cantidad', note: '1–9999; up to three decimals (0.375) for a product sold by weight or measure' },
      { key: 'Estado', note: 'ignored: lines start Pendiente' },
      { key: 'vender_Sin_Stock', optional: true, note: "extra (issue #36 point 7): 'true' sells past the recorded stock when the product is short; needs the permission venderSinStock or a supervisor's PIN" },
      { key: 'supervisor_ID', optional: true, note: "extra: the authorising supervisor (0: the store account), with vender_Sin_Stock and no permission" },
      { key: 'pin_Supervisor', optional: true, note: "extra: that supervisor's PIN" },
      { key: 'formula_Medica', optional: true, note: "extra (migration 0074): 'true' confirms the customer presented the prescription; a product sold bajo fórmula médica is refused without it" },
    ],
    response:
      "`{ access: true, mensaje, id_Venta, id_Factura, Precio, total }`; short stock: `{ access: false, mensaje: 'Estos productos no tienen suficiente stock para la cantidad solicitada: <nombre>' }`; past stock without permission nor PIN: 403 `{ access: false, mensaje }`",
    handle: async (ctx) => {
      const { app, p } = ctx;
      const tiendaId = await legacyStore(ctx);
      const ventaId = parseId(p, 'venta_id_Venta', V.ventaNoEncontrada);
      const productoId = parseLegacy(ZLineaVenta.shape.productoId, int(p, 'producto_id_Producto') ?? str(p, 'producto_id_Producto'));
      // Whole for a product by unit, up to three decimals ("0.375") for one by weight: the line's domain checks which.
      const cantidad = parseLegacy(zCantidadEscrita(V.cantidadLineaInvalida), int(p, 'Cantidad') ?? str(p, 'Cantidad'));
      const sinStock = ['true', '1'].includes((str(p, 'vender_Sin_Stock') ?? '').toLowerCase())
        ? {
            autor: autorDe(ctx.sesion, 'legacy'),
            autorizacion: has(p, 'pin_Supervisor') ? parseLegacy(ZAutorizacionPin, { supervisorId: int(p, 'supervisor_ID') ?? -1, pin: str(p, 'pin_Supervisor') }) : undefined,
          }
        : undefined;
      const formula = ['true', '1'].includes((str(p, 'formula_Medica') ?? '').toLowerCase());
      const r = await registrarLinea({ db: app.db, tiendaId, ventaId, productoId, cantidad, sinStock, formula, autor: autorDe(ctx.sesion, 'legacy') });
      return { access: true, mensaje: L.lineaRegistrada, id_Venta: ventaId, id_Factura: r.idFactura, Precio: r.precio, total: r.total };
    },
  },
  {
    name: 'ActualizarEstadoPagado',
    // Moves only stock and sales data, as the till's checkout (docs/architecture.md "Caching").
    ...SALE_WRITE,
    description: 'Step 4: the lines of a Completada sale become Pagado (completing already did it, so this is harmless). A Pendiente or Anulada sale is refused.',
    methods: ['POST', 'PUT'],
    match: (p) => has(p, 'ActualizarEstadoPagado'),
    params: [{ key: 'ActualizarEstadoPagado', note: 'marker' }, { key: 'venta_id_Venta' }],
    response: '`{ success: true, mensaje }`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const ventaId = parseId(ctx.p, ['venta_id_Venta', 'ActualizarEstadoPagado'], V.ventaNoEncontrada);
      const n = await marcarLineasPagadas({ db: ctx.app.db, tiendaId, ventaId });
      return { success: true, mensaje: L.lineasPagadas(n) };
    },
  },
  {
    name: 'verAnalisisCodigoInv',
    description:
      "Sales popularity (annulled sales excluded): every product with sales, most sold first. The code must be the session's store's; the client compares each quantity with the mean itself.",
    methods: READ,
    match: (p) => has(p, 'verAnalisisCodigoInv'),
    params: [{ key: 'verAnalisisCodigoInv', note: "the store's invitation code (or empty for a role 2 employee)" }],
    response: 'rows `[id_Producto, nombre, cantidadVendida]`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx, 'verAnalisisCodigoInv');
      const r = await analisisVentas({ db: ctx.app.db, tiendaId, query: { page: 1, pageSize: 1_000_000, desde: undefined, hasta: undefined } });
      return r.items.map((i) => [i.id, i.nombre, i.cantidadVendida]);
    },
  },
  {
    name: 'listarTienda',
    description:
      "The store's invoices (one row per sale), newest first. Column 3 is the number of units sold, column 4 the sale's total in pesos. A role without the `ventasDeOtros` permission (a new store's role 2) gets only the sales it made (issue #51 point 8).",
    methods: READ,
    match: (p) => has(p, 'listarTienda'),
    params: [
      { key: 'listarTienda', note: 'true' },
      { key: 'codigo_invitacion' },
      { key: 'page', optional: true },
      { key: 'pageSize', optional: true, note: 'default and maximum 1000' },
    ],
    response: 'rows `[id_Venta, fecha (YYYY-MM-DD), hora (HH:MM:SS), cantidadProductos, total, estado]`; header `X-Total-Count`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const { page, pageSize } = pagina(ctx.p);
      const r = await listarFacturas({ db: ctx.app.db, tiendaId, lector: ctx.sesion, query: { q: '', page, pageSize, estado: undefined } });
      conTotal(ctx.reply, r.total);
      return r.items.map((f) => {
        const { fecha, hora } = partesIso(f.fecha);
        return [f.idVenta, fecha, hora, f.unidades, f.total, f.estado];
      });
    },
  },
  {
    name: 'listarProductos',
    description: "The lines of one invoice of the store (another store's sale answers 404, and so does another employee's for a role without `ventasDeOtros`).",
    methods: READ,
    match: (p) => has(p, 'listarProductos'),
    params: [{ key: 'listarProductos', note: 'true' }, { key: 'codigo_invitacion' }, { key: 'venta_id_Venta' }],
    response: 'rows `[nombre, cantidad, precio, subtotal]`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const idVenta = parseId(ctx.p, 'venta_id_Venta', M.facturas.noEncontrada);
      const d = await detalleFactura({ db: ctx.app.db, tiendaId, lector: ctx.sesion, idVenta });
      return d.lineas.map((l) => [l.producto, l.cantidad, l.precio, l.subtotal]);
    },
  },
  {
    name: 'listar',
    description: 'Back-office invoice lines, newest first.',
    methods: READ,
    ...ADMIN,
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, { key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }],
    response: 'rows `[venta_id_Venta, producto_id_Producto, Cantidad, Precio, Estado, id_Factura]`; header `X-Total-Count`',
    handle: async (ctx) => {
      const page = await facturaCrud.list({ db: ctx.app.db, scope: adminScope(ctx), query: pagina(ctx.p) });
      conTotal(ctx.reply, page.total);
      return page.items.map((f) => [f.ventaId, f.productoId, f.cantidad, f.precio, f.estado, f.idFactura]);
    },
  },
  {
    name: 'actualizar',
    description:
      'Back-office: changes an invoice line, found by `id_Factura` or else by its sale and product (the old key). The stock moves by the difference through the ledger; the sale total follows.',
    methods: ['POST', 'PUT'],
    ...ADMIN,
    match: (p) => has(p, 'actualizar'),
    params: [
      { key: 'actualizar', note: 'true' },
      { key: 'id_Factura', optional: true },
      { key: 'venta_id_Venta' },
      { key: 'producto_id_Producto' },
      { key: 'Cantidad' },
      { key: 'Precio' },
      { key: 'Estado' },
    ],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const input = facturaCrudInput(ctx.p, ZUpdateFacturaRequest);
      const id = int(ctx.p, 'id_Factura') ?? (await lineasDe(ctx, input.ventaId, input.productoId))[0];
      if (id == null) throw new AppError('NOT_FOUND', L.facturaNoEncontrada);
      const r = await facturaCrud.update({ db: ctx.app.db, scope: adminScope(ctx), id, input });
      return { respuesta: true, mensaje: r.message };
    },
  },
  {
    name: 'eliminar',
    description:
      'Back-office: deletes invoice lines by the first column of the list (the sale id): every line of that sale, or only the product\'s with `producto_id_Producto`, or one line with `id_Factura`. The units come back to stock through the ledger.',
    methods: ['POST', 'DELETE'],
    ...ADMIN,
    match: (p) => has(p, 'eliminar'),
    params: [
      { key: 'eliminar', note: 'venta_id_Venta of the row' },
      { key: 'producto_id_Producto', optional: true },
      { key: 'id_Factura', optional: true },
    ],
    response: '`{ respuesta: true, mensaje }`',
    handle: async (ctx) => {
      const idFactura = int(ctx.p, 'id_Factura');
      const ids = idFactura != null ? [idFactura] : await lineasDe(ctx, parseId(ctx.p, 'eliminar', L.facturaNoEncontrada), int(ctx.p, 'producto_id_Producto'));
      if (ids.length === 0) throw new AppError('NOT_FOUND', L.facturaNoEncontrada);
      let mensaje = '';
      for (const id of ids) mensaje = (await facturaCrud.remove({ db: ctx.app.db, scope: adminScope(ctx), id })).message;
      return { respuesta: true, mensaje };
    },
  },
];
