import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZLegacyModificarProducto2Request } from '#shared/schemas/crud';
import { invertir, nombreEn, type Campos } from '#shared/campos';
import { CAMPOS_DEL_PRODUCTO, NOMBRES_TIENDA, ZLegacyModificarProductoRequest, ZLegacyRegistrarProductoRequest } from '#shared/schemas/producto';
import * as dominio from '../../modules/producto/producto.domain';
import { autorDe } from '../../modules/actividad/actividad.domain';
import { catalogoJson } from '../../modules/producto/catalogo';
import { sendCatalogo } from '../catalogo';
import { adminScope, conTotal, pagina, parseId } from '../comun';
import { ADMIN, READ, checkCodigoIgual, legacyStore, parseLegacy, sessionStore, type LegacyController } from '../legacy';
import { legacy as L } from '#shared/messages/legacy';
import { extrasRespuesta, leerCampos, paramsExtras } from '../campos';
import { has, hasAny, str } from '../params';

const noEncontrado = M.generic.notFound;

/** The extras every product write takes beyond the spec's keys (the field list's `extra`): documented, parsed and answered from it. */
const EXTRAS = paramsExtras(CAMPOS_DEL_PRODUCTO);
const EXTRAS_ALTA = paramsExtras(CAMPOS_DEL_PRODUCTO, true);
const extras = (fila: dominio.TProducto) => extrasRespuesta(CAMPOS_DEL_PRODUCTO, fila);
const RESPUESTA = Object.keys(extrasRespuesta(CAMPOS_DEL_PRODUCTO, {})).join(', ');
const enAlta = (k: string) => EXTRAS_ALTA.some((e) => e.key === nombreEn(k, (CAMPOS_DEL_PRODUCTO as Campos)[k]!, 'heredada'));

/** A whole-catalogue list of the old client (sales or management), checked against the store's code. */
const catalogo = (name: string, kind: 'venta' | 'gestion', description: string, response: string): LegacyController[number] => ({
  name,
  description,
  methods: READ,
  match: (p) => has(p, name),
  params: [{ key: name, note: 'true' }, { key: 'codigo_invitacion' }],
  response,
  handle: async (ctx) => {
    const entry = await catalogoJson({ db: ctx.app.db, tiendaId: sessionStore(ctx), kind });
    checkCodigoIgual(ctx, entry.codigo, 'codigo_invitacion');
    return sendCatalogo(ctx.req, ctx.reply, entry);
  },
});

/** controlador.producto.php: the sales and management lists, detail, add, edit, delete; back-office list and edit. */
export const productoActions: LegacyController = [
  catalogo('listarProductosAppPrecio', 'venta', "The sales list: the store's whole catalogue of products on sale (estado 1), by name; the old client filters it in the browser. Served from one lean query and reused while the database is unchanged.", 'rows `[id, nombre, marca, precio, disponible (1), stock]`'),
  catalogo('listarProductosApp', 'gestion', 'The management list: every product of the store (both estados), by name.', 'rows `[id, nombre, marca, precio, stock, estado]`'),
  {
    name: 'consultaDatosProducto',
    description: "One product of the store for the detail form (another store's product answers 404). One row, as the old system sent it (brand twice).",
    methods: READ,
    match: (p) => has(p, 'consultaDatosProducto'),
    params: [{ key: 'consultaDatosProducto', note: 'the product id' }],
    response:
      '`[[nombre, marca, precio, descripcion, marca, categoria, presentacion, fechaVencimiento, stock, stock_min, estado, nombre del proveedor, idProveedor]]`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      const id = parseId(ctx.p, 'consultaDatosProducto', noEncontrado);
      const d = await dominio.obtenerProducto({ db: ctx.app.db, scope: { tiendaId }, id, lector: ctx.sesion });
      return [[d.nombre, d.marca, d.precioUnit, d.descripcion, d.marca, d.categoria, d.presentacion, d.fechaVencimiento, d.stock, d.stockMin, d.estado, d.proveedorNombre, d.proveedorVigente]];
    },
  },
  {
    name: 'registrarProductoUnico',
    description: "Adds a product to the session's store; its quantity is the opening stock, recorded in the ledger.",
    methods: ['POST'],
    match: (p) => has(p, 'registrarProductoUnico'),
    params: [
      { key: 'registrarProductoUnico', note: 'marker' },
      { key: 'nombre' },
      { key: 'precio', note: 'whole pesos, digits or with thousand dots (12.500); at most 100.000.000' },
      { key: 'cantidad' },
      { key: 'codigo_invitacion' },
      ...EXTRAS_ALTA,
    ],
    response: `\`{ registro: true, mensaje, id_Producto, ${RESPUESTA} }\` (\`${RESPUESTA}\` extra)`,
    handle: async (ctx) => {
      const { p } = ctx;
      const tiendaId = await legacyStore(ctx);
      const { precio, cantidad, ...campos } = parseLegacy(ZLegacyRegistrarProductoRequest, {
        ...leerCampos(p, CAMPOS_DEL_PRODUCTO, 'heredada', enAlta),
        nombre: str(p, 'nombre'),
        precio: str(p, 'precio'),
        cantidad: str(p, 'cantidad'),
      });
      const creado = await dominio.crearProducto({
        db: ctx.app.db,
        scope: { tiendaId },
        datos: { ...campos, precioUnit: precio, stock: cantidad },
        origen: 'tienda',
        autor: autorDe(ctx.sesion, 'legacy'),
      });
      return { registro: true, mensaje: L.productoRegistrado, id_Producto: creado.idProducto, ...extras(creado) };
    },
  },
  {
    name: 'modificarProducto',
    description: 'Saves the detail form. A changed stock goes through the ledger as an adjustment; the supplier must be of the same store.',
    methods: ['PUT', 'POST'],
    match: (p) => has(p, 'modificarProducto'),
    params: [
      { key: 'modificarProducto', note: 'the product id' },
      { key: 'nombre' },
      { key: 'stock' },
      { key: 'precio' },
      { key: 'stock_min' },
      { key: 'marca', optional: true },
      { key: 'presentacion', optional: true },
      { key: 'descripcion', optional: true },
      { key: 'categoria', optional: true },
      { key: 'fechaVencimiento', optional: true, note: 'YYYY-MM-DD' },
      { key: 'estado', note: '1 | 0' },
      { key: 'idProveedor', optional: true },
      ...EXTRAS,
    ],
    response: `\`{ success: true, mensaje, ${RESPUESTA} }\` (\`${RESPUESTA}\` extra)`,
    handle: async (ctx) => {
      const { p } = ctx;
      const tiendaId = await legacyStore(ctx);
      const id = parseId(p, 'modificarProducto', noEncontrado);
      const cambios = parseLegacy(ZLegacyModificarProductoRequest, leerCampos(p, CAMPOS_DEL_PRODUCTO, 'heredada'));
      const guardado = await dominio.enNombresDe(invertir(NOMBRES_TIENDA), () =>
        dominio.actualizarProducto({ db: ctx.app.db, scope: { tiendaId }, id, cambios, origen: 'tienda', autor: autorDe(ctx.sesion, 'legacy') }),
      );
      return { success: true, mensaje: L.productoActualizado, ...extras(guardado) };
    },
  },
  {
    name: 'modificarProducto2',
    description: 'Back-office product edit (form data with every column). A changed stock goes through the ledger as an adjustment.',
    methods: ['POST'],
    ...ADMIN,
    match: (p) => has(p, 'modificarProducto2'),
    params: [
      { key: 'modificarProducto2', note: 'true' },
      { key: 'id_Producto' },
      { key: 'Nombre' },
      { key: 'Precio_unit' },
      { key: 'Descripcion', optional: true },
      { key: 'Marca', optional: true },
      { key: 'Categoria', optional: true },
      { key: 'Presentacion', optional: true },
      { key: 'Fecha_vencimiento', optional: true },
      { key: 'Stock' },
      { key: 'Stock_Min' },
      { key: 'estado', note: '1 | 0 (also `Estado`)' },
      { key: 'inventario_id_Inventario', optional: true },
      { key: 'idProveedor', optional: true },
      ...EXTRAS,
    ],
    response: `\`{ success: true, mensaje, ${RESPUESTA} }\` (\`${RESPUESTA}\` extra)`,
    handle: async (ctx) => {
      const { p } = ctx;
      const id = parseId(p, 'id_Producto', noEncontrado);
      const input = parseLegacy(ZLegacyModificarProducto2Request, leerCampos(p, CAMPOS_DEL_PRODUCTO, 'heredada2'));
      const guardado = await dominio.actualizarProducto({ db: ctx.app.db, scope: adminScope(ctx), id, cambios: input, origen: 'administracion', autor: autorDe(ctx.sesion, 'legacy') });
      return { success: true, mensaje: M.crud.actualizado.producto, ...extras(guardado) };
    },
  },
  {
    name: 'listar',
    description: 'Back-office product list, newest first.',
    methods: READ,
    ...ADMIN,
    match: (p) => has(p, 'listar'),
    params: [{ key: 'listar', note: 'true' }, { key: 'page', optional: true }, { key: 'pageSize', optional: true, note: 'default and maximum 1000' }],
    response:
      'rows `[id_Producto, Nombre, Precio_unit, Descripcion, Marca, Categoria, Presentacion, Fecha_vencimiento, Stock, Stock_Min, estado, inventario_id_Inventario, idProveedor]`; header `X-Total-Count`',
    handle: async (ctx) => {
      const page = await dominio.listarProductos({ db: ctx.app.db, scope: adminScope(ctx), ...pagina(ctx.p), orden: 'recientes', lector: ctx.sesion });
      conTotal(ctx.reply, page.total);
      return page.items.map((r) => [
        r.idProducto,
        r.nombre,
        r.precioUnit,
        r.descripcion,
        r.marca,
        r.categoria,
        r.presentacion,
        r.fechaVencimiento,
        r.stock,
        r.stockMin,
        r.estado,
        r.inventarioId,
        r.proveedorId,
      ]);
    },
  },
  {
    name: 'id_Producto',
    description:
      "Deletes a product of the store (also the back-office's delete). Role 3 is refused (403). A product with sales or order deliveries stays: the answer suggests marking it No disponible.",
    methods: ['DELETE'],
    forbid: { roles: [ROL.ENCARGADO], message: M.roles.denyProductos },
    match: (p) => has(p, 'id_Producto') && !hasAny(p, ['modificarProducto', 'modificarProducto2']),
    params: [{ key: 'id_Producto', note: 'query string' }],
    response: '`{ Operacion: true, mensaje }`; refused: `{ Operacion: false, mensaje }`',
    handle: async (ctx) => {
      const tiendaId = await legacyStore(ctx);
      await dominio.eliminarProducto({ db: ctx.app.db, scope: { tiendaId }, id: parseId(ctx.p, 'id_Producto', noEncontrado), autor: autorDe(ctx.sesion, 'legacy') });
      return { Operacion: true, mensaje: L.productoEliminado };
    },
  },
];
