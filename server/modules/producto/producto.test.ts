import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { factura, movimiento, producto, proveedor, venta } from '../../db/schema';
import { conRol, crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { ajustarStock } from '../movimiento/ledger';
import { SIN_DATOS_OPCIONALES } from './producto.fixtures';

const t = usarApp();
/** A store for the checks that only read their own product: store sign-up hashes a password, which is slow. */
let compartida: Tienda;
beforeAll(async () => {
  compartida = await crearTienda(t);
});
const req = peticion(t);

async function nuevoProducto(s: Tienda, body: Record<string, unknown> = {}) {
  const res = await req('POST', '/api/productos', s.token, { nombre: 'Arroz Diana 500 g', precio: 2800, cantidad: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().producto as { id: number; nombre: string; stock: number; precio: number };
}

async function nuevoProveedor(s: Tienda, nombre = 'Distribuidora El Sol') {
  const [row] = await t.database.db
    .insert(proveedor)
    .values({ tiendaId: s.id, nombre, telefono: '3104567890', email: 'sol@prov.co' })
    .returning({ id: proveedor.idProveedor });
  return row!.id;
}

const movimientosDe = (productoId: number) =>
  t.database.db.select().from(movimiento).where(eq(movimiento.productoId, productoId)).orderBy(asc(movimiento.idMovimiento));

/** A detail form body built from the product as the server returned it. */
async function formulario(s: Tienda, id: number) {
  const d = (await req('GET', `/api/productos/${id}`, s.token)).json();
  const { id: _id, nombrepr: _n, ...rest } = d;
  return rest as Record<string, unknown>;
}

describe('agregar producto', () => {
  it('la cantidad queda como stock y se registra la entrada en los movimientos', async () => {
    const s = await crearTienda(t);
    const res = await req('POST', '/api/productos', s.token, { nombre: '  Panela redonda  ', precio: '3200', cantidad: '25' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(M.productos.registrado);
    expect(body.producto).toMatchObject({ nombre: 'Panela redonda', precio: 3200, stock: 25, stockMin: 0, estado: 1, nombrepr: null });
    const movs = await movimientosDe(body.producto.id);
    expect(movs).toHaveLength(1);
    expect(movs[0]).toMatchObject({ tiendaId: s.id, stockAntes: 0, entradas: 25, salidas: 0, cantidadDespues: 25, estadoDespues: 'Entrada' });
  });

  it('un producto con cantidad 0 no escribe movimiento y acepta campos opcionales', async () => {
    const s = await crearTienda(t);
    const prov = await nuevoProveedor(s);
    const p = await nuevoProducto(s, { cantidad: 0, marca: 'Diana', categoria: 'Granos', stockMin: 5, idProveedor: prov });
    expect(p).toMatchObject({ stock: 0, marca: 'Diana', categoria: 'Granos', stockMin: 5, idProveedor: prov, nombrepr: 'Distribuidora El Sol' });
    expect(await movimientosDe(p.id)).toHaveLength(0);
  });

  it.each([
    [{ nombre: '' }, ['nombre']],
    [{ nombre: '   ' }, ['nombre']],
    [{ precio: '' }, ['precio']],
    [{ cantidad: '' }, ['cantidad']],
    [{ nombre: undefined, precio: undefined, cantidad: undefined }, ['nombre', 'precio', 'cantidad']],
  ])("sin nombre, precio o cantidad responde 'Campos vacios' (%o)", async (cambio, campos) => {
    const s = compartida;
    const res = await req('POST', '/api/productos', s.token, { nombre: 'Sal', precio: '2400', cantidad: '3', ...cambio });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.message).toBe('Campos vacios');
    for (const c of campos) expect(error.fields[c]).toBe('Campos vacios');
  });

  it.each([['12,500'], ['-1'], [-1], [12.5], ['12.50'], ['1.2.3'], ['1e3'], ['doce']])(
    'el precio es un número de pesos: %o se rechaza',
    async (precio) => {
      const s = compartida;
      const res = await req('POST', '/api/productos', s.token, { nombre: 'Sal', precio, cantidad: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ precio: M.productos.precioInvalido });
    },
  );

  it.each([
    ['12.500', 12_500],
    ['$ 12.500', 12_500],
    ['12500', 12_500],
    [100_000_000, 100_000_000],
  ])('el precio se acepta como se escribe en Colombia: %o son %i pesos', async (precio, pesos) => {
    const res = await req('POST', '/api/productos', compartida.token, { nombre: `Sal ${pesos} ${String(precio).length}`, precio, cantidad: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().producto.precio).toBe(pesos);
  });

  it('un precio de más de $ 100.000.000 se rechaza con su mensaje', async () => {
    for (const precio of [100_000_001, '999.999.999.999', 99_999_999_999_999]) {
      const res = await req('POST', '/api/productos', compartida.token, { nombre: 'Carísimo', precio, cantidad: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ precio: M.productos.precioMaximo });
    }
  });

  it('la cantidad es un número de 0 o más; con decimales solo si se vende por peso o medida', async () => {
    const s = compartida;
    for (const cantidad of ['-3', 'diez', '1,2345', '2,5,1']) {
      const res = await req('POST', '/api/productos', s.token, { nombre: 'Sal', precio: 100, cantidad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ cantidad: M.productos.cantidadInvalida });
    }
    for (const cantidad of ['2,5', 1.5]) {
      const res = await req('POST', '/api/productos', s.token, { nombre: 'Sal', precio: 100, cantidad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ cantidad: M.productos.stockEntero });
    }
    const res = await req('POST', '/api/productos', s.token, { nombre: 'Queso costeño', precio: 24_000, cantidad: '4,625', unidad: 'KGM' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().producto).toMatchObject({ stock: 4.625, unidad: 'KGM' });
    const movs = await movimientosDe(res.json().producto.id);
    expect(movs.map((m) => [m.entradas, m.cantidadDespues])).toEqual([[4.625, 4.625]]);
  });

  it('no acepta un proveedor de otra tienda', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    const provB = await nuevoProveedor(b);
    const res = await req('POST', '/api/productos', a.token, { nombre: 'Sal', precio: 100, cantidad: 1, idProveedor: provB });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ idProveedor: M.productos.proveedorInvalido });
  });
});

describe('lista de productos', () => {
  it('pagina en el servidor, ordena por nombre e incluye todos los estados', async () => {
    const s = await crearTienda(t);
    for (let i = 1; i <= 25; i++) await nuevoProducto(s, { nombre: `Producto ${String(i).padStart(2, '0')}` });
    const first = await nuevoProducto(s, { nombre: 'Producto 00' });
    await req('PUT', `/api/productos/${first.id}`, s.token, { ...(await formulario(s, first.id)), estado: 0 });

    const p1 = (await req('GET', '/api/productos?page=1&pageSize=10', s.token)).json();
    expect(p1.total).toBe(26);
    expect(p1.items).toHaveLength(10);
    expect(p1.items[0]).toMatchObject({ nombre: 'Producto 00', estado: 0 });
    expect(p1.items[1].nombre).toBe('Producto 01');
    const p3 = (await req('GET', '/api/productos?page=3&pageSize=10', s.token)).json();
    expect(p3.items.map((p: { nombre: string }) => p.nombre)).toEqual([20, 21, 22, 23, 24, 25].map((n) => `Producto ${n}`));
    const p4 = (await req('GET', '/api/productos?page=4&pageSize=10', s.token)).json();
    expect(p4).toEqual({ items: [], total: 26 });
  });

  it('busca por nombre sin distinguir mayúsculas, con % y _ tomados literalmente', async () => {
    const s = await crearTienda(t);
    await nuevoProducto(s, { nombre: 'Jabón Rey 100%' });
    await nuevoProducto(s, { nombre: 'Jabón Rey 1000 g' });
    await nuevoProducto(s, { nombre: 'Caja_grande' });
    await nuevoProducto(s, { nombre: 'Cajaxgrande' });
    const buscar = async (q: string) =>
      ((await req('GET', `/api/productos?q=${encodeURIComponent(q)}`, s.token)).json().items as { nombre: string }[]).map((p) => p.nombre);
    // Order between these two depends on the database's collation.
    expect((await buscar('JABÓN rey')).sort()).toEqual(['Jabón Rey 100%', 'Jabón Rey 1000 g']);
    expect(await buscar('100%')).toEqual(['Jabón Rey 100%']);
    expect(await buscar('caja_')).toEqual(['Caja_grande']);
    expect(await buscar('\\')).toEqual([]);
    const res = (await req('GET', '/api/productos?q=rey&pageSize=1', s.token)).json();
    expect(res.total).toBe(2);
  });

  it('cada fila trae proveedor, y marca el stock bajo cuando no supera el mínimo', async () => {
    const s = await crearTienda(t);
    const prov = await nuevoProveedor(s, 'Lácteos del Valle');
    await nuevoProducto(s, { nombre: 'A justo en el mínimo', cantidad: 5, stockMin: 5, idProveedor: prov, marca: 'Alpina', categoria: 'Lácteos' });
    await nuevoProducto(s, { nombre: 'B sobre el mínimo', cantidad: 6, stockMin: 5 });
    await nuevoProducto(s, { nombre: 'C agotado', cantidad: 0 });
    const { items } = (await req('GET', '/api/productos', s.token)).json();
    expect(items[0]).toEqual({
      id: expect.any(Number),
      nombre: 'A justo en el mínimo',
      marca: 'Alpina',
      categoria: 'Lácteos',
      precio: 2800,
      stock: 5,
      stockMin: 5,
      estado: 1,
      proveedor: 'Lácteos del Valle',
      unidadDian: '94',
      bajoStock: true,
    });
    expect(items[1]).toMatchObject({ bajoStock: false, proveedor: null });
    expect(items[2]).toMatchObject({ bajoStock: true, stock: 0 });
  });

  it('un producto por peso llega a la lista con sus decimales y su unidad (issue #52 punto 3)', async () => {
    const s = await crearTienda(t);
    await nuevoProducto(s, { nombre: 'Queso campesino', precio: 12_000, cantidad: 5.5, unidad: 'KGM' });
    const { items } = (await req('GET', '/api/productos?q=queso', s.token)).json();
    expect(items).toEqual([expect.objectContaining({ nombre: 'Queso campesino', precio: 12_000, stock: 5.5, unidadDian: 'KGM' })]);
  });

  it('rechaza una página o un tamaño fuera de rango', async () => {
    const s = await crearTienda(t);
    expect((await req('GET', '/api/productos?page=0', s.token)).statusCode).toBe(400);
    expect((await req('GET', '/api/productos?pageSize=1000', s.token)).statusCode).toBe(400);
  });

  it('sin sesión responde 401', async () => {
    expect((await t.request({ method: 'GET', url: '/api/productos' })).statusCode).toBe(401);
  });
});

describe('detalle y edición', () => {
  it('el detalle trae todos los campos y el nombre del proveedor actual', async () => {
    const s = await crearTienda(t);
    const prov = await nuevoProveedor(s);
    const p = await nuevoProducto(s, { idProveedor: prov });
    const res = await req('GET', `/api/productos/${p.id}`, s.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: p.id,
      nombre: 'Arroz Diana 500 g',
      marca: null,
      precio: 2800,
      ...SIN_DATOS_OPCIONALES,
      stock: 10,
      stockMin: 0,
      unidad: '94',
      estado: 1,
      codigoBarras: null,
      idProveedor: prov,
      nombrepr: 'Distribuidora El Sol',
    });
  });

  it('la unidad y el stock con decimales: por peso guarda 4,625 por el kardex; por unidad lo exige entero', async () => {
    const s = await crearTienda(t);
    const p = await nuevoProducto(s, { nombre: 'Queso costeño' });
    // Sold by unit, a decimal stock is refused and nothing changes.
    let res = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), stock: '4,625', stockAnterior: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ stock: M.productos.stockEntero });
    expect((await formulario(s, p.id)).stock).toBe(10);
    // By kilogram, the same edit saves, and the ledger keeps the exact difference.
    res = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), unidad: 'KGM', stock: '4,625', stockAnterior: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().producto).toMatchObject({ unidad: 'KGM', stock: 4.625 });
    res = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), stock: '4,7', stockAnterior: '4,625' });
    expect(res.statusCode, res.body).toBe(200);
    const movs = await movimientosDe(p.id);
    expect(movs.slice(1).map((m) => [m.salidas, m.entradas, m.cantidadDespues])).toEqual([
      [5.375, 0, 4.625],
      [0, 0.075, 4.7],
    ]);
    // Back to units while the stock has decimals: refused on the unit; with a whole stock it goes.
    res = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), unidad: '94' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ unidad: M.productos.stockEntero });
    res = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), unidad: '94', stock: 5, stockAnterior: '4,7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().producto).toMatchObject({ unidad: '94', stock: 5 });
    // A product with a pack stays sold by unit.
    expect((await req('POST', `/api/productos/${p.id}/presentaciones`, s.token, { nombre: 'Caja x6', factor: 6, codigoBarras: '7709990000061', precio: 50_000 })).statusCode).toBe(201);
    res = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), unidad: 'KGM' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ unidad: M.productos.unidadConPresentaciones });
    expect((await formulario(s, p.id)).unidad).toBe('94');
  });

  it('guarda todos los campos del formulario', async () => {
    const s = await crearTienda(t);
    const prov = await nuevoProveedor(s, 'Bebidas Andinas');
    const p = await nuevoProducto(s);
    const res = await req('PUT', `/api/productos/${p.id}`, s.token, {
      nombre: 'Arroz Roa 1 kg',
      marca: 'Roa',
      precio: '5400',
      descripcion: 'Arroz blanco de grano largo',
      categoria: 'Granos',
      presentacion: 'Bolsa',
      fechaVencimiento: '2024-02-29',
      stock: 10,
      stockMin: '4',
      estado: '0',
      idProveedor: String(prov),
      codigoBarras: '7702001000123',
      stockAnterior: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Producto actualizado',
      producto: {
        id: p.id,
        nombre: 'Arroz Roa 1 kg',
        marca: 'Roa',
        precio: 5400,
        descripcion: 'Arroz blanco de grano largo',
        categoria: 'Granos',
        presentacion: 'Bolsa',
        ubicacion: null,
        fechaVencimiento: '2024-02-29',
        manejaLotes: false,
        registroInvima: null,
        principioActivo: null,
        bajoFormula: false,
        stock: 10,
        stockMin: 4,
        unidad: '94',
        estado: 0,
        codigoBarras: '7702001000123',
        idProveedor: prov,
        nombrepr: 'Bebidas Andinas',
      },
    });
    // Clearing: empty texts, no date, no supplier; an absent barcode is left as it was.
    const { codigoBarras: _c, ...sinCodigo } = await formulario(s, p.id);
    const limpio = await req('PUT', `/api/productos/${p.id}`, s.token, {
      ...sinCodigo,
      marca: '',
      descripcion: null,
      fechaVencimiento: '',
      idProveedor: '',
    });
    expect(limpio.json().producto).toMatchObject({ marca: null, descripcion: null, fechaVencimiento: null, idProveedor: null, nombrepr: null, codigoBarras: '7702001000123' });
  });

  it.each([
    [{ fechaVencimiento: '2024-02-30' }, 'fechaVencimiento', M.productos.fechaInvalida],
    [{ fechaVencimiento: '30/01/2025' }, 'fechaVencimiento', M.productos.fechaInvalida],
    [{ estado: 2 }, 'estado', M.productos.estadoInvalido],
    [{ estado: 'Disponible' }, 'estado', M.productos.estadoInvalido],
    [{ nombre: '' }, 'nombre', M.productos.nombreRequerido],
    [{ precio: '' }, 'precio', M.productos.precioRequerido],
    [{ precio: '4,500' }, 'precio', M.productos.precioInvalido],
    [{ precio: '100.000.001' }, 'precio', M.productos.precioMaximo],
    [{ stock: -1 }, 'stock', M.productos.stockInvalido],
    [{ stock: '' }, 'stock', M.productos.stockRequerido],
    [{ stockMin: 'dos' }, 'stockMin', M.productos.stockMinInvalido],
    [{ idProveedor: 'x' }, 'idProveedor', M.productos.proveedorInvalido],
    [{ codigoBarras: '77 02' }, 'codigoBarras', M.productos.codigoBarrasInvalido],
  ])('valida cada campo: %o', async (cambio, campo, mensaje) => {
    const s = compartida;
    const p = await nuevoProducto(s);
    const res = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), ...cambio });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [campo]: mensaje });
  });

  it('no asigna un proveedor de otra tienda ni repite un código de barras', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    const provB = await nuevoProveedor(b);
    const p = await nuevoProducto(a);
    await nuevoProducto(a, { nombre: 'Otro', codigoBarras: '123456' });
    const base = await formulario(a, p.id);
    const prov = await req('PUT', `/api/productos/${p.id}`, a.token, { ...base, idProveedor: provB });
    expect(prov.statusCode).toBe(400);
    expect(prov.json().error.fields).toEqual({ idProveedor: M.productos.proveedorInvalido });
    const dup = await req('PUT', `/api/productos/${p.id}`, a.token, { ...base, codigoBarras: '123456' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(M.productos.codigoBarrasDuplicado);
    // Another store may use the same code.
    const otra = await nuevoProducto(b, { codigoBarras: '123456' });
    expect(otra.stock).toBe(10);
  });

  it('un cambio de stock escribe un movimiento con antes, entrada, salida y después', async () => {
    const s = await crearTienda(t);
    const p = await nuevoProducto(s, { cantidad: 10 });
    const sube = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), stock: 15, stockAnterior: 10 });
    expect(sube.json().producto.stock).toBe(15);
    const baja = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), stock: 12 });
    expect(baja.json().producto.stock).toBe(12);
    const igual = await req('PUT', `/api/productos/${p.id}`, s.token, { ...(await formulario(s, p.id)), precio: 3000, stockAnterior: 12 });
    expect(igual.json().producto).toMatchObject({ stock: 12, precio: 3000 });

    const movs = await movimientosDe(p.id);
    expect(movs.map((m) => [m.stockAntes, m.entradas, m.salidas, m.cantidadDespues, m.motivo])).toEqual([
      [0, 10, 0, 10, 'Inventario inicial'],
      [10, 5, 0, 15, 'Ajuste manual'],
      [15, 0, 3, 12, 'Ajuste manual'],
    ]);
  });

  it('una venta hecha mientras se editaba no se pierde', async () => {
    const s = await crearTienda(t);
    const p = await nuevoProducto(s, { cantidad: 12 });
    const form = await formulario(s, p.id); // the form shows 12
    await ajustarStock(t.database.db, { tiendaId: s.id, productoId: p.id, delta: -2, motivo: 'Venta' });

    // Stock untouched in the form: the price is saved, the sale stays.
    const precio = await req('PUT', `/api/productos/${p.id}`, s.token, { ...form, precio: 2900, stockAnterior: 12 });
    expect(precio.statusCode).toBe(200);
    expect(precio.json().producto).toMatchObject({ stock: 10, precio: 2900 });

    // Stock changed in the form from a stale value: refused, nothing written.
    const stale = await req('PUT', `/api/productos/${p.id}`, s.token, { ...form, nombre: 'Cambiado', stock: 20, stockAnterior: 12 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(M.productos.stockCambio(10));
    expect((await formulario(s, p.id)).nombre).toBe('Arroz Diana 500 g');
    expect(await movimientosDe(p.id)).toHaveLength(2);
  });

  it('ventas simultáneas a una edición nunca se pierden', async () => {
    const s = await crearTienda(t);
    const p = await nuevoProducto(s, { cantidad: 50 });
    const form = await formulario(s, p.id);
    await Promise.all([
      ...Array.from({ length: 10 }, () => ajustarStock(t.database.db, { tiendaId: s.id, productoId: p.id, delta: -1, motivo: 'Venta' })),
      req('PUT', `/api/productos/${p.id}`, s.token, { ...form, precio: 9999, stockAnterior: 50 }),
      req('PUT', `/api/productos/${p.id}`, s.token, { ...form, marca: 'Roa', stockAnterior: 50 }),
    ]);
    const [row] = await t.database.db.select().from(producto).where(eq(producto.idProducto, p.id));
    expect(row!.stock).toBe(40);
    // Ten sales of one unit each (40 … 49 left after them), and no manual adjustment.
    const movs = await movimientosDe(p.id);
    expect(movs.filter((m) => m.motivo === 'Ajuste manual')).toEqual([]);
    const ventas = movs.filter((m) => m.motivo === 'Venta');
    expect(ventas.map((m) => m.cantidadDespues).sort((a, b) => a - b)).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
    expect(ventas.every((m) => m.salidas === 1 && m.stockAntes === m.cantidadDespues + 1)).toBe(true);
  });
});

describe('eliminar producto', () => {
  it('el administrador elimina; el empleado solo con el permiso de la tienda; el encargado recibe el mensaje de la especificación', async () => {
    const s = await crearTienda(t);
    const a = await nuevoProducto(s, { nombre: 'Uno' });
    const b = await nuevoProducto(s, { nombre: 'Dos' });
    const c = await nuevoProducto(s, { nombre: 'Tres' });

    const encargado = await conRol(t, s, ROL.ENCARGADO);
    const refused = await req('DELETE', `/api/productos/${a.id}`, encargado);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'No tienes permisos para eliminar productos' });
    // Refused before anything else is looked at, even a malformed id.
    expect((await req('DELETE', '/api/productos/abc', encargado)).statusCode).toBe(403);
    // Role 3 may still add and edit.
    expect((await req('POST', '/api/productos', encargado, { nombre: 'Cuatro', precio: 1, cantidad: 1 })).statusCode).toBe(201);
    expect((await req('PUT', `/api/productos/${a.id}`, encargado, { ...(await formulario(s, a.id)), precio: 5 })).statusCode).toBe(200);

    const ok = await req('DELETE', `/api/productos/${a.id}`, s.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: M.productos.eliminado });
    expect((await req('GET', `/api/productos/${a.id}`, s.token)).statusCode).toBe(404);

    // Role 2 may not delete by default (issue #27); once the owner allows it, it may.
    const empleado = await conRol(t, s, ROL.EMPLEADO);
    const sinPermiso = await req('DELETE', `/api/productos/${b.id}`, empleado);
    expect(sinPermiso.statusCode).toBe(403);
    expect(sinPermiso.json().error.message).toBe(M.permisos.denegado.eliminarProductos);
    const permisos = (await req('GET', '/api/tienda/permisos', s.token)).json();
    permisos.roles[2].eliminarProductos = true;
    expect((await req('PUT', '/api/tienda/permisos', s.token, permisos)).statusCode).toBe(200);
    expect((await req('DELETE', `/api/productos/${b.id}`, empleado)).statusCode).toBe(200);
    const again = await req('DELETE', `/api/productos/${b.id}`, empleado);
    expect(again.statusCode).toBe(404);
    const { items } = (await req('GET', '/api/productos', s.token)).json();
    expect(items.map((p: { id: number }) => p.id)).toContain(c.id);
    expect(items.map((p: { id: number }) => p.id)).not.toContain(b.id);
  });

  it('un producto con ventas no se elimina: 409 con la sugerencia de marcarlo No disponible', async () => {
    const s = await crearTienda(t);
    const p = await nuevoProducto(s);
    const [v] = await t.database.db.insert(venta).values({ tiendaId: s.id, metodoPagoId: 5, total: 2800 }).returning();
    await t.database.db.insert(factura).values({ tiendaId: s.id, ventaId: v!.idVenta, productoId: p.id, cantidad: 1, precio: 2800 });
    const res = await req('DELETE', `/api/productos/${p.id}`, s.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.productos.conVentas);
    expect(res.json().error.message).toContain('No disponible');
    const [still] = await t.database.db.select().from(producto).where(and(eq(producto.idProducto, p.id)));
    expect(still).toBeDefined();
  });
});

describe('tiendas separadas', () => {
  it('otra tienda no ve, no edita ni elimina los productos ajenos (404)', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    const p = await nuevoProducto(a, { nombre: 'Solo de A' });
    const form = await formulario(a, p.id);
    for (const [method, payload] of [['GET'], ['PUT', form], ['DELETE']] as const) {
      const res = await req(method, `/api/productos/${p.id}`, b.token, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(M.generic.notFound);
    }
    expect((await req('GET', '/api/productos?q=Solo', b.token)).json()).toEqual({ items: [], total: 0 });
    expect((await formulario(a, p.id)).nombre).toBe('Solo de A');
  });
});
