/**
 * One product, three faces (issue #14): the same operation sent through the store API
 * (/api/productos), the back-office (/api/crud/producto) and the old controller API
 * (controlador.producto.php, its application calls and its back-office edit) must end the same way:
 * the same outcome, the same message, the same rows. Each face works in a store of its own, built
 * the same way, so that the rows can be compared whole.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { entregaPedido, factura, movimiento, producto, proveedor, venta } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy, Reply as LegacyReply } from '../../legacy/test-client';
import { client, type Client, type Reply } from '../crud/crud.fixtures';
import { ajustarStock } from '../movimiento/ledger';
import { cleanOutcome, legacyOutcome as legacyOutcomeDe, montarCaras, type Outcome } from '../../../tests/helpers/faces';
import { SIN_DATOS_OPCIONALES } from './producto.fixtures';

let t: TestApp;
let L: Legacy;

type Tienda = Awaited<ReturnType<typeof crearTienda>> & { crud: Client; proveedor: number };

interface Alta {
  nombre: string;
  precio: number;
  cantidad: number;
  codigoBarras?: string;
}
interface Cambio {
  nombre: string;
  precio: number;
  stock: number;
  stockMin: number;
  estado: 0 | 1;
  marca: string | null;
  proveedor: number | null;
  codigoBarras?: string;
  /** The stock the face's form showed, for the faces that send it. */
  stockAnterior?: number;
}

interface Face {
  name: string;
  crear(s: Tienda, alta: Alta): Promise<Outcome & { id?: number }>;
  modificar(s: Tienda, id: number, cambio: Cambio): Promise<Outcome>;
  eliminar(s: Tienda, id: number): Promise<Outcome>;
}

const api = async (s: Tienda, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.request({ method, url, token: s.token, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : undefined } as Reply;
};

/** The legacy API's answer, read with this controller's success flag. */
const legacyOutcome = (r: LegacyReply) => legacyOutcomeDe(r, (b) => b.registro ?? b.success ?? b.Operacion);

/** An edit's fields on the store's and the back-office's calls, which name the price and the supplier each their way. */
const campos = (c: Cambio, precio: 'precio' | 'precioUnit', proveedor: 'idProveedor' | 'proveedorId') => ({
  nombre: c.nombre,
  [precio]: c.precio,
  stock: c.stock,
  stockMin: c.stockMin,
  estado: c.estado,
  marca: c.marca,
  [proveedor]: c.proveedor,
  codigoBarras: c.codigoBarras,
  stockAnterior: c.stockAnterior,
});

const tienda: Face = {
  name: 'tienda',
  async crear(s, a) {
    const r = await api(s, 'POST', '/api/productos', { nombre: a.nombre, precio: a.precio, cantidad: a.cantidad, codigoBarras: a.codigoBarras });
    return { ...cleanOutcome(r), id: r.body.producto?.id };
  },
  modificar: async (s, id, c) => cleanOutcome(await api(s, 'PUT', `/api/productos/${id}`, campos(c, 'precio', 'idProveedor'))),
  eliminar: async (s, id) => cleanOutcome(await api(s, 'DELETE', `/api/productos/${id}`)),
};

const administracion: Face = {
  name: 'administración',
  async crear(s, a) {
    const r = await s.crud.post('/producto', { nombre: a.nombre, precioUnit: a.precio, stock: a.cantidad, stockMin: 0, codigoBarras: a.codigoBarras });
    return { ...cleanOutcome(r), id: r.body.id };
  },
  modificar: async (s, id, c) => cleanOutcome(await s.crud.put(`/producto/${id}`, campos(c, 'precioUnit', 'proveedorId'))),
  eliminar: async (s, id) => cleanOutcome(await s.crud.del(`/producto/${id}`)),
};

const opt = <T,>(key: string, v: T | undefined | null) => (v === undefined ? {} : { [key]: v ?? '' });

/** The legacy edit's column names: the application call's, and the back-office form's. */
const HEREDADA = { nombre: 'nombre', precio: 'precio', stock: 'stock', stockMin: 'stock_min', marca: 'marca' } as const;
const HEREDADA_ADMINISTRACION = { nombre: 'Nombre', precio: 'Precio_unit', stock: 'Stock', stockMin: 'Stock_Min', marca: 'Marca' } as const;

/** A legacy edit's fields under the face's names; the rest are named alike on both. */
const camposHeredados = (c: Cambio, n: typeof HEREDADA | typeof HEREDADA_ADMINISTRACION) => ({
  [n.nombre]: c.nombre,
  [n.precio]: c.precio,
  [n.stock]: c.stock,
  [n.stockMin]: c.stockMin,
  estado: c.estado,
  [n.marca]: c.marca ?? '',
  idProveedor: c.proveedor ?? '',
  ...opt('codigo_barras', c.codigoBarras),
  ...opt('stock_anterior', c.stockAnterior),
});

const heredada: Face = {
  name: 'heredada',
  async crear(s, a) {
    const r = await L.json(
      'POST',
      'producto',
      { registrarProductoUnico: true, nombre: a.nombre, precio: a.precio, cantidad: a.cantidad, codigo_invitacion: s.codigo, ...opt('codigo_barras', a.codigoBarras) },
      s.token,
    );
    return { ...legacyOutcome(r), id: r.body.id_Producto };
  },
  async modificar(s, id, c) {
    return legacyOutcome(await L.json('PUT', 'producto', { modificarProducto: id, ...camposHeredados(c, HEREDADA) }, s.token));
  },
  eliminar: async (s, id) => legacyOutcome(await L.del('producto', { id_Producto: id }, s.token)),
};

/** The legacy back-office edit (form data with every column); it adds and deletes with the application calls. */
const heredadaAdministracion: Face = {
  ...heredada,
  name: 'heredada (administración)',
  async modificar(s, id, c) {
    const fields = { modificarProducto2: 'true', id_Producto: id, ...camposHeredados(c, HEREDADA_ADMINISTRACION) };
    return legacyOutcome(await L.formData('producto', fields as Record<string, string | number>, s.token));
  },
};

const FACES = [tienda, administracion, heredada, heredadaAdministracion];
/** The faces that add products (the legacy back-office adds through the application call). */
const ALTAS = [tienda, administracion, heredada];

/** Each face's store, built the same way: one supplier. */
async function nuevaTienda(): Promise<Tienda> {
  const s = await crearTienda(t);
  const [p] = await t.database.db
    .insert(proveedor)
    .values({ tiendaId: s.id, nombre: 'Distribuidora El Sol', telefono: '3104567890', email: 'sol@prov.co' })
    .returning({ id: proveedor.idProveedor });
  return { ...s, crud: client(t, s.token), proveedor: p!.id };
}

/** Each face's store, built the same way, and one no face signs in to: its rows are "another store's". */
const caras = montarCaras(FACES, nuevaTienda, (app, leg) => {
  t = app;
  L = leg;
});
const { storeOf } = caras;

/** A product's row as the comparison sees it: everything but its own id and its store's ids. */
async function fila(id: number) {
  const [row] = await t.database.db.select().from(producto).where(eq(producto.idProducto, id));
  if (!row) return null;
  const s = [...caras.stores.values(), caras.ajena].find((x) => x.id === row.tiendaId)!;
  // actualizadoEn is the offline till's sync cursor, moved by a trigger on every write (ADR 029): not a value a face writes.
  // catalogoId is the row's own id in a one-store empresa (trigger producto_catalogo, ADR 043 §2).
  const { idProducto: _id, tiendaId: _t, actualizadoEn: _u, version: _v, catalogoId: _c, proveedorId, ...rest } = row;
  return { ...rest, proveedor: proveedorId == null ? null : proveedorId === s.proveedor ? 'el de la tienda' : proveedorId };
}

/** The product's ledger, without ids, dates and the motive (which names the face by design). */
async function libro(id: number) {
  const rows = await t.database.db.select().from(movimiento).where(eq(movimiento.productoId, id)).orderBy(asc(movimiento.idMovimiento));
  return rows.map((m) => [m.stockAntes, m.entradas, m.salidas, m.cantidadDespues]);
}

let seq = 0;
const codigo = () => `77099${String(++seq).padStart(8, '0')}`;

/** Adds a product through the store API (the set-up of a check, not what it checks). */
async function sembrar(s: Tienda, alta: Partial<Alta> = {}) {
  const r = await tienda.crear(s, { nombre: 'Arroz Diana 500 g', precio: 2800, cantidad: 10, ...alta });
  expect(r.ok).toBe(true);
  return r.id!;
}

const cambioBase = (c: Partial<Cambio> = {}): Cambio => ({
  nombre: 'Arroz Diana 500 g',
  precio: 2800,
  stock: 10,
  stockMin: 0,
  estado: 1,
  marca: null,
  proveedor: null,
  ...c,
});

/** Runs `op` on every face and returns what each got, keyed by face. */
async function porCara<T>(faces: Face[], op: (f: Face, s: Tienda) => Promise<T>): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  for (const f of faces) out[f.name] = await op(f, storeOf(f));
  return out;
}
const todas = <T,>(faces: Face[], value: T) => Object.fromEntries(faces.map((f) => [f.name, value]));

describe('las tres caras del producto terminan igual', () => {
  it('agregar: el mismo producto, la misma entrada en el libro', async () => {
    const cod = codigo();
    const ids = await porCara(ALTAS, async (f, s) => {
      const r = await f.crear(s, { nombre: 'Panela redonda 500 g', precio: 3200, cantidad: 12, codigoBarras: cod });
      expect(r.ok, `${f.name}: ${JSON.stringify(r)}`).toBe(true);
      return r.id!;
    });
    const filas = await porCara(ALTAS, (f) => fila(ids[f.name]!));
    expect(filas).toEqual(
      todas(ALTAS, {
        nombre: 'Panela redonda 500 g',
        precioUnit: 3200,
        // A lone store's price is its empresa's (ADR 043 §2): no face sets it as the store's own.
        precioPropio: false,
        stock: 12,
        stockMin: 0,
        estado: 1,
        codigoBarras: cod,
        marca: null,
        ...SIN_DATOS_OPCIONALES,
        inventarioId: null,
        proveedor: null,
        // Taxes (#30): no tax chosen yet; the DIAN unit defaults to 94 (unidad).
        impuesto: null,
        unidadDian: '94',
        // Cost (#32): none until goods are received.
        costo: null,
        costoPromedio: null,
        // Sold past the recorded stock (#36 point 7): never, for a new product.
        revisarStock: false,
      }),
    );
    expect(await porCara(ALTAS, (f) => libro(ids[f.name]!))).toEqual(todas(ALTAS, [[0, 12, 0, 12]]));
  });

  it('modificar: los mismos valores, el mismo ajuste en el libro', async () => {
    const cod = codigo();
    const antes = await porCara(FACES, (_f, s) => sembrar(s));
    const outcomes = await porCara(FACES, (f, s) =>
      f.modificar(s, antes[f.name]!, cambioBase({ nombre: 'Arroz Roa 1 kg', precio: 5400, stock: 14, stockMin: 3, estado: 0, marca: 'Roa', proveedor: s.proveedor, codigoBarras: cod })),
    );
    expect(outcomes).toEqual(todas(FACES, { ok: true }));
    const filas = await porCara(FACES, (f) => fila(antes[f.name]!));
    expect(filas).toEqual(
      todas(FACES, expect.objectContaining({ nombre: 'Arroz Roa 1 kg', precioUnit: 5400, stock: 14, stockMin: 3, estado: 0, marca: 'Roa', codigoBarras: cod, proveedor: 'el de la tienda' })),
    );
    expect(new Set(Object.values(filas).map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await porCara(FACES, (f) => libro(antes[f.name]!))).toEqual(todas(FACES, [[0, 10, 0, 10], [10, 4, 0, 14]]));
  });

  it('modificar sin el código de barras lo deja como está; vacío lo quita', async () => {
    const cod = codigo();
    const ids = await porCara(FACES, (_f, s) => sembrar(s, { codigoBarras: cod }));
    await porCara(FACES, (f, s) => f.modificar(s, ids[f.name]!, cambioBase({ precio: 2900 })));
    expect(await porCara(FACES, async (f) => (await fila(ids[f.name]!))!.codigoBarras)).toEqual(todas(FACES, cod));
    await porCara(FACES, (f, s) => f.modificar(s, ids[f.name]!, cambioBase({ codigoBarras: '' })));
    expect(await porCara(FACES, async (f) => (await fila(ids[f.name]!))!.codigoBarras)).toEqual(todas(FACES, null));
  });

  it('eliminar: el producto se va; su libro queda', async () => {
    const ids = await porCara(FACES, (_f, s) => sembrar(s));
    expect(await porCara(FACES, (f, s) => f.eliminar(s, ids[f.name]!))).toEqual(todas(FACES, { ok: true }));
    expect(await porCara(FACES, (f) => fila(ids[f.name]!))).toEqual(todas(FACES, null));
    const huerfanos = await porCara(FACES, async (_f, s) =>
      (await t.database.db.select().from(movimiento).where(eq(movimiento.tiendaId, s.id))).filter((m) => m.productoId == null).length,
    );
    expect(Object.values(huerfanos).every((n) => n >= 1)).toBe(true);
  });
});

describe('las tres caras rechazan igual, y nada cambia', () => {
  it('un proveedor que no existe, o que es de otra tienda', async () => {
    const ids = await porCara(FACES, (_f, s) => sembrar(s));
    const antes = await porCara(FACES, (f) => fila(ids[f.name]!));
    for (const prov of [caras.ajena.proveedor, 999_999]) {
      const outcomes = await porCara(FACES, (f, s) => f.modificar(s, ids[f.name]!, cambioBase({ nombre: 'Cambiado', proveedor: prov })));
      expect(outcomes).toEqual(todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.productos.proveedorInvalido }));
    }
    expect(await porCara(FACES, (f) => fila(ids[f.name]!))).toEqual(antes);
  });

  it('un código de barras que ya tiene otro producto de la tienda (al agregar y al modificar)', async () => {
    const cod = codigo();
    await porCara(FACES, (_f, s) => sembrar(s, { nombre: 'Primero', codigoBarras: cod }));
    const contar = () => porCara(FACES, async (_f, s) => (await t.database.db.select().from(producto).where(eq(producto.tiendaId, s.id))).length);
    const cuantos = await contar();
    const alta = await porCara(ALTAS, (f, s) => f.crear(s, { nombre: 'Segundo', precio: 100, cantidad: 1, codigoBarras: cod }));
    expect(alta).toEqual(todas(ALTAS, { ok: false, kind: 'rechazo', mensaje: M.productos.codigoBarrasDuplicado, id: undefined }));
    expect(await contar()).toEqual(cuantos);

    const ids = await porCara(FACES, (_f, s) => sembrar(s, { nombre: 'Otro', codigoBarras: codigo() }));
    const antes = await porCara(FACES, (f) => fila(ids[f.name]!));
    const cambio = await porCara(FACES, (f, s) => f.modificar(s, ids[f.name]!, cambioBase({ nombre: 'Otro', codigoBarras: cod })));
    expect(cambio).toEqual(todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.productos.codigoBarrasDuplicado }));
    expect(await porCara(FACES, (f) => fila(ids[f.name]!))).toEqual(antes);
    // Another store may use the same code.
    expect((await tienda.crear(caras.ajena, { nombre: 'De otra tienda', precio: 100, cantidad: 1, codigoBarras: cod })).ok).toBe(true);
  });

  it('un producto con entregas de pedidos, o con ventas, no se elimina: ni él ni su historia', async () => {
    const entregados = await porCara(FACES, async (_f, s) => {
      const id = await sembrar(s);
      await t.database.db.insert(entregaPedido).values({ tiendaId: s.id, proveedorId: s.proveedor, productoId: id, fechaEntrega: '2026-03-01', cantidad: 6 });
      return id;
    });
    const vendidos = await porCara(FACES, async (_f, s) => {
      const id = await sembrar(s);
      const [v] = await t.database.db.insert(venta).values({ tiendaId: s.id, metodoPagoId: 5, total: 2800 }).returning();
      await t.database.db.insert(factura).values({ tiendaId: s.id, ventaId: v!.idVenta, productoId: id, cantidad: 1, precio: 2800 });
      return id;
    });
    const refused = todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.productos.conHistoria });
    expect(await porCara(FACES, (f, s) => f.eliminar(s, entregados[f.name]!))).toEqual(refused);
    expect(await porCara(FACES, (f, s) => f.eliminar(s, vendidos[f.name]!))).toEqual(refused);
    for (const ids of [entregados, vendidos]) expect(Object.values(await porCara(FACES, (f) => fila(ids[f.name]!))).every((r) => r != null)).toBe(true);
    const entregas = await porCara(FACES, async (f) =>
      (await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.productoId, entregados[f.name]!))).length,
    );
    expect(entregas).toEqual(todas(FACES, 1));
  });

  it('el producto de otra tienda no existe para ninguna cara', async () => {
    const id = await sembrar(caras.ajena, { nombre: 'Solo de la otra tienda' });
    const antes = await fila(id);
    const notFound = todas(FACES, { ok: false, kind: 'no existe', mensaje: M.generic.notFound });
    expect(await porCara(FACES, (f, s) => f.modificar(s, id, cambioBase({ nombre: 'Robado' })))).toEqual(notFound);
    expect(await porCara(FACES, (f, s) => f.eliminar(s, id))).toEqual(notFound);
    expect(await fila(id)).toEqual(antes);
  });

  it('el stock que el formulario mostró: una venta hecha mientras tanto nunca se deshace', async () => {
    const ids = await porCara(FACES, (_f, s) => sembrar(s, { cantidad: 10 }));
    // Each form showed 10; then a sale of 2.
    await porCara(FACES, (f, s) => ajustarStock(t.database.db, { tiendaId: s.id, productoId: ids[f.name]!, delta: -2, motivo: 'Venta' }));

    // The stock changed on the form from the stale figure: refused, nothing written.
    const stale = await porCara(FACES, (f, s) => f.modificar(s, ids[f.name]!, cambioBase({ nombre: 'Cambiado', stock: 15, stockAnterior: 10 })));
    expect(stale).toEqual(todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.productos.stockCambio(8) }));
    expect(await porCara(FACES, async (f) => (await fila(ids[f.name]!))!.nombre)).toEqual(todas(FACES, 'Arroz Diana 500 g'));

    // Stock untouched on the form: the price is saved, the sale stays.
    const precio = await porCara(FACES, (f, s) => f.modificar(s, ids[f.name]!, cambioBase({ precio: 2900, stock: 10, stockAnterior: 10 })));
    expect(precio).toEqual(todas(FACES, { ok: true }));
    expect(await porCara(FACES, async (f) => (await fila(ids[f.name]!))!)).toEqual(todas(FACES, expect.objectContaining({ precioUnit: 2900, stock: 8 })));
    expect(await porCara(FACES, (f) => libro(ids[f.name]!))).toEqual(todas(FACES, [[0, 10, 0, 10], [10, 0, 2, 8]]));

    // Without the figure (the old clients), the stock sent is the new stock, through the ledger.
    const sin = await porCara(FACES, (f, s) => f.modificar(s, ids[f.name]!, cambioBase({ precio: 2900, stock: 10 })));
    expect(sin).toEqual(todas(FACES, { ok: true }));
    expect(await porCara(FACES, async (f) => (await fila(ids[f.name]!))!.stock)).toEqual(todas(FACES, 10));
    const ultimo = await porCara(FACES, async (f) => (await libro(ids[f.name]!)).at(-1));
    expect(ultimo).toEqual(todas(FACES, [8, 2, 0, 10]));
  });
});
