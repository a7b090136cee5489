import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, movimiento, permisoRol, producto, productoUnidadVenta } from '../../db/schema';
import { crearEmpleado, crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { productoConStock, stockDe as stockDeEn } from './conteo.fixtures';

/**
 * Physical counts (issue #58 point 1, ADR 042) through the store API, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): two counters and a sale in between, blind answers, recount, approval once,
 * permissions, tenancy and a partial count.
 */
const t = usarApp();
const req = peticion(t);

const nuevoProducto = (tiendaId: number, { costo, ...datos }: { nombre: string; stock: number; costo?: number; categoria?: string; unidadDian?: string; codigoBarras?: string }) =>
  productoConStock(t, tiendaId, { ...datos, costo, costoPromedio: costo ?? null });
const stockDe = (id: number) => stockDeEn(t, id);

/** Walks every key of a JSON answer: whether any is the system's stock. */
function nombraStock(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(nombraStock);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => /stock|sistema/i.test(k) || nombraStock(x));
  return false;
}

describe('conteo con dos contadores y una venta en medio', () => {
  let s: Tienda;
  let cajera: string;
  let encargado: string;
  let arroz: number;
  let leche: number;
  let queso: number;
  let aceite: number;
  let conteoId: number;

  beforeAll(async () => {
    s = await crearTienda(t);
    cajera = (await crearEmpleado(t, s.codigo)).token;
    encargado = (await crearEmpleado(t, s.codigo, { rol: ROL.ENCARGADO })).token;
    arroz = await nuevoProducto(s.id, { nombre: 'Arroz 500 g', stock: 10, costo: 2000, codigoBarras: '7700000000011' });
    leche = await nuevoProducto(s.id, { nombre: 'Leche 1 L', stock: 20, costo: 3000 });
    queso = await nuevoProducto(s.id, { nombre: 'Queso campesino', stock: 2.5, costo: 20000, unidadDian: 'KGM' });
    aceite = await nuevoProducto(s.id, { nombre: 'Aceite 1 L', stock: 8, costo: 9000 });
    await t.database.db.insert(productoUnidadVenta).values({ tiendaId: s.id, productoId: leche, nombre: 'Paca x6', factor: 6, codigoBarras: '7700000000066', precio: 27000 });
  });

  it('un cajero no abre un conteo; el encargado sí, y solo uno a la vez', async () => {
    const negado = await req('POST', '/api/conteos', cajera, { alcance: 'tienda' });
    expect(negado.statusCode).toBe(403);
    expect(negado.json().error.message).toBe(M.conteos.soloEncargados);
    const res = await req('POST', '/api/conteos', encargado, { alcance: 'tienda' });
    expect(res.statusCode).toBe(201);
    conteoId = res.json().conteo.id;
    expect(res.json().conteo).toMatchObject({ alcance: 'tienda', estado: 'abierto', abiertoPor: 'Ana Pérez', productos: 0 });
    const otro = await req('POST', '/api/conteos', s.token, { alcance: 'tienda' });
    expect(otro.statusCode).toBe(409);
    expect(otro.json().error.message).toBe(M.conteos.yaAbierto(conteoId));
  });

  it('el contador busca por código o nombre y registra, sin ver el stock del sistema', async () => {
    const porCodigo = await req('GET', `/api/conteos/${conteoId}/productos?q=7700000000011`, cajera);
    expect(porCodigo.statusCode).toBe(200);
    expect(porCodigo.json()).toEqual([{ productoId: arroz, nombre: 'Arroz 500 g', codigoBarras: '7700000000011', unidad: '94', presentacionId: null, presentacion: null, factor: 1 }]);
    const paca = await req('GET', `/api/conteos/${conteoId}/productos?q=7700000000066`, cajera);
    expect(paca.json()[0]).toMatchObject({ productoId: leche, codigoBarras: '7700000000066', presentacion: 'Paca x6', factor: 6 });
    expect(nombraStock(porCodigo.json()) || nombraStock(paca.json())).toBe(false);

    // Counter 1 (the cashier): 4 rice on one shelf, two packs of milk and 5 loose, 2,375 kg of cheese.
    const r1 = await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: arroz, cantidad: 4 });
    expect(r1.statusCode).toBe(201);
    expect(r1.json().linea).toMatchObject({ productoId: arroz, cantidad: 4, factor: 1, contadoPor: 'Ana Pérez' });
    expect(nombraStock(r1.json())).toBe(false);
    expect((await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: leche, presentacionId: paca.json()[0].presentacionId, cantidad: 2 })).json().linea).toMatchObject({ cantidad: 12, factor: 6 });
    await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: leche, cantidad: 5 });
    expect((await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: queso, cantidad: 2.375 })).statusCode).toBe(201);

    const detalle = await req('GET', `/api/conteos/${conteoId}`, cajera);
    expect(detalle.statusCode).toBe(200);
    expect(detalle.json().lineas).toHaveLength(4);
    expect(nombraStock(detalle.json())).toBe(false);
  });

  it('rechaza cantidades fuera de la unidad del producto, sin escribir nada', async () => {
    for (const cantidad of [1.5, -1, 10_000, 0.0001]) {
      const res = await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: arroz, cantidad });
      expect(res.statusCode, String(cantidad)).toBe(400);
      expect(res.json().error.message).toBe(M.conteos.cantidadInvalida);
    }
    expect((await req('GET', `/api/conteos/${conteoId}`, cajera)).json().lineas).toHaveLength(4);
  });

  it('una venta entre dos contadores se lleva: el stock final es lo contado más lo movido después', async () => {
    // A sale of 3 rice after the first counter counted it (snapshot 10) and before the second.
    const venta = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: arroz, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 100_000 });
    expect(venta.statusCode).toBe(201);
    expect(await stockDe(arroz)).toBe(7);
    // Counter 2 (the manager) finds 5 more rice on another shelf: 9 counted in all at the snapshot.
    expect((await req('POST', `/api/conteos/${conteoId}/lineas`, encargado, { productoId: arroz, cantidad: 5 })).statusCode).toBe(201);

    const informe = await req('GET', `/api/conteos/${conteoId}/informe`, encargado);
    expect(informe.statusCode).toBe(200);
    const filas = Object.fromEntries(informe.json().lineas.map((l: { productoId: number }) => [l.productoId, l]));
    expect(filas[arroz]).toMatchObject({ sistema: 10, contado: 9, diferencia: -1, costo: 2000, valor: -2000, contaron: 'Ana Pérez' });
    expect(filas[leche]).toMatchObject({ sistema: 20, contado: 17, diferencia: -3, valor: -9000 });
    expect(filas[queso]).toMatchObject({ sistema: 2.5, contado: 2.375, diferencia: -0.125, valor: -2500 });
    // System value of what was counted: 10×2000 + 20×3000 + 2,5×20000 = 130 000; shortfall 13 500 → 10,38 %.
    expect(informe.json().totales).toEqual({ faltante: 13_500, sobrante: 0, neto: -13_500, valorSistema: 130_000, merma: 10.38, conDiferencia: 3 });
    // Oil was not counted: its stock will not change.
    expect(informe.json().sinContar).toBe(1);
  });

  it('el cajero no ve las diferencias ni aprueba; el encargado aprueba una vez', async () => {
    expect((await req('GET', `/api/conteos/${conteoId}/informe`, cajera)).statusCode).toBe(403);
    const negado = await req('POST', `/api/conteos/${conteoId}/aprobar`, cajera);
    expect(negado.statusCode).toBe(403);
    expect(await stockDe(arroz)).toBe(7);

    const [a, b] = await Promise.all([req('POST', `/api/conteos/${conteoId}/aprobar`, encargado), req('POST', `/api/conteos/${conteoId}/aprobar`, s.token)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const ganador = a.statusCode === 200 ? a : b;
    const perdedor = a.statusCode === 200 ? b : a;
    expect(ganador.json().message).toBe(M.conteos.aprobado(3));
    expect(perdedor.json().error.message).toBe(M.conteos.noAbierto('Aprobado'));

    // Rice: counted 9 at the snapshot, 3 sold after → 6. Milk 17, cheese 2,375; oil untouched.
    expect(await stockDe(arroz)).toBe(6);
    expect(await stockDe(leche)).toBe(17);
    expect(await stockDe(queso)).toBe(2.375);
    expect(await stockDe(aceite)).toBe(8);
  });

  it('cada ajuste queda en el libro con el conteo, quién contó y quién aprobó', async () => {
    const libro = await req('GET', `/api/movimientos?productoId=${arroz}`, s.token);
    const ajuste = libro.json().items[0];
    expect(ajuste).toMatchObject({ stockAntes: 7, entradas: 0, salidas: 1, stockDespues: 6 });
    expect(ajuste.motivo).toMatch(new RegExp(`^Conteo #${conteoId} \\(contó Ana Pérez; aprobó (Ana Pérez|Cuenta de la tienda)\\)$`));
    const ajustes = await t.database.db.select().from(movimiento).where(and(eq(movimiento.tiendaId, s.id)));
    expect(ajustes.filter((m) => m.motivo.startsWith(`Conteo #${conteoId}`))).toHaveLength(3);
    const entradas = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'stock')));
    expect(entradas).toHaveLength(3);
  });

  it('un conteo aprobado no recibe más líneas y su informe queda como se aprobó', async () => {
    const res = await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: arroz, cantidad: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(M.conteos.noAbierto('Aprobado'));
    // A later cost does not change the approved report.
    await t.database.db.update(producto).set({ costoPromedio: 99_999 }).where(eq(producto.idProducto, arroz));
    const informe = await req('GET', `/api/conteos/${conteoId}/informe`, s.token);
    expect(informe.json().lineas.find((l: { productoId: number }) => l.productoId === arroz)).toMatchObject({ costo: 2000, valor: -2000 });
    const csv = await req('GET', `/api/conteos/${conteoId}/csv`, s.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Queso campesino;kg;2,5;2,375;-0,125;20000;-2500;Ana Pérez');
    expect(csv.body).toContain('Arroz 500 g;unidad;10;9;-1;2000;-2000;Ana Pérez');
    expect(csv.body).toContain('Merma;10,38 %');
  });
});

describe('reconteo, alcance, cancelación y tenencia', () => {
  let s: Tienda;
  let encargado: string;
  let pan: number;
  let gaseosa: number;

  beforeAll(async () => {
    s = await crearTienda(t);
    encargado = (await crearEmpleado(t, s.codigo, { rol: ROL.ENCARGADO })).token;
    pan = await nuevoProducto(s.id, { nombre: 'Pan tajado', stock: 12, costo: 4000, categoria: 'Panadería' });
    gaseosa = await nuevoProducto(s.id, { nombre: 'Gaseosa 400 ml', stock: 30, costo: 1500, categoria: 'Bebidas' });
  });

  it('un conteo por categoría no acepta productos de otra, y un reconteo reemplaza lo contado', async () => {
    const abierto = await req('POST', '/api/conteos', s.token, { alcance: 'categoria', categoria: 'panadería' });
    expect(abierto.statusCode).toBe(201);
    const id = abierto.json().conteo.id;
    const fuera = await req('POST', `/api/conteos/${id}/lineas`, encargado, { productoId: gaseosa, cantidad: 3 });
    expect(fuera.statusCode).toBe(422);
    expect(fuera.json().error.message).toBe(M.conteos.fueraDelAlcance);
    expect((await req('GET', `/api/conteos/${id}/productos?q=gaseosa`, encargado)).json()).toEqual([]);

    await req('POST', `/api/conteos/${id}/lineas`, encargado, { productoId: pan, cantidad: 3 });
    await req('POST', `/api/conteos/${id}/lineas`, s.token, { productoId: pan, cantidad: 4 });
    const re = await req('POST', `/api/conteos/${id}/reconteo`, encargado, { productoId: pan, cantidad: 11 });
    expect(re.statusCode).toBe(201);
    const inf = (await req('GET', `/api/conteos/${id}/informe`, s.token)).json();
    expect(inf.lineas).toEqual([expect.objectContaining({ productoId: pan, sistema: 12, contado: 11, diferencia: -1 })]);
    expect((await req('GET', `/api/conteos/${id}`, s.token)).json().lineas).toHaveLength(1);

    // Cancelled: nothing changes, and it cannot be approved.
    expect((await req('POST', `/api/conteos/${id}/cancelar`, encargado)).json().conteo.estado).toBe('cancelado');
    expect((await req('POST', `/api/conteos/${id}/aprobar`, s.token)).statusCode).toBe(409);
    expect(await stockDe(pan)).toBe(12);
  });

  it('un encargado sin el permiso de stock no abre; otra tienda no ve el conteo', async () => {
    await t.database.db.insert(permisoRol).values({ tiendaId: s.id, rolId: ROL.ENCARGADO, precios: true, stock: false, productos: true, eliminarProductos: false, eliminarClientesProveedores: false, credito: false, anular: true, cajaSobreUmbral: true, reportes: true });
    expect((await req('POST', '/api/conteos', encargado, { alcance: 'tienda' })).statusCode).toBe(403);
    const abierto = await req('POST', '/api/conteos', s.token, { alcance: 'tienda' });
    const id = abierto.json().conteo.id;
    const otra = await crearTienda(t);
    for (const [m, url] of [['GET', `/api/conteos/${id}`], ['GET', `/api/conteos/${id}/informe`], ['POST', `/api/conteos/${id}/aprobar`], ['GET', `/api/conteos/${id}/productos?q=pan`]] as const) {
      expect((await req(m, url, otra.token)).statusCode, url).toBe(404);
    }
    expect((await req('POST', `/api/conteos/${id}/lineas`, otra.token, { productoId: pan, cantidad: 1 })).statusCode).toBe(404);
    expect((await req('GET', '/api/conteos', otra.token)).json().total).toBe(0);
    // Approving with nothing counted is refused with its reason.
    const vacio = await req('POST', `/api/conteos/${id}/aprobar`, s.token);
    expect(vacio.statusCode).toBe(422);
    expect(vacio.json().error.message).toBe(M.conteos.sinNada);
  });
});

describe('un conteo de un pasillo (la ubicación del producto)', () => {
  it('el dueño pone la ubicación a sus productos y cuenta solo el pasillo 3: lo de otro pasillo no entra ni se ajusta', async () => {
    const s = await crearTienda(t);
    const arroz = await nuevoProducto(s.id, { nombre: 'Arroz 500 g', stock: 20, costo: 2000 });
    const jabon = await nuevoProducto(s.id, { nombre: 'Jabón de barra', stock: 8, costo: 1500 });
    // The location is one more field of the product, written through the store's API like any other.
    for (const [id, nombre, stock, ubicacion] of [[arroz, 'Arroz 500 g', 20, 'Pasillo 3 '], [jabon, 'Jabón de barra', 8, 'Pasillo 5']] as const) {
      const r = await req('PUT', `/api/productos/${id}`, s.token, { nombre, precio: 5000, stock, stockMin: 0, ubicacion });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await req('GET', `/api/productos/${arroz}`, s.token)).json().ubicacion).toBe('Pasillo 3');
    const largo = await req('PUT', `/api/productos/${jabon}`, s.token, { nombre: 'Jabón de barra', precio: 5000, stock: 8, stockMin: 0, ubicacion: 'x'.repeat(41) });
    expect(largo.statusCode).toBe(400);

    expect((await req('POST', '/api/conteos', s.token, { alcance: 'ubicacion' })).json().error.fields.ubicacion).toBe(M.conteos.elijaUbicacion);
    const abierto = await req('POST', '/api/conteos', s.token, { alcance: 'ubicacion', ubicacion: 'pasillo 3' });
    expect(abierto.statusCode, abierto.body).toBe(201);
    expect(abierto.json().conteo).toMatchObject({ alcance: 'ubicacion', ubicacion: 'pasillo 3' });
    const id = abierto.json().conteo.id;
    expect((await req('GET', `/api/conteos/${id}/productos?q=jabon`, s.token)).json()).toEqual([]);
    const fuera = await req('POST', `/api/conteos/${id}/lineas`, s.token, { productoId: jabon, cantidad: 2 });
    expect(fuera.json().error.message).toBe(M.conteos.fueraDelAlcance);
    expect((await req('POST', `/api/conteos/${id}/lineas`, s.token, { productoId: arroz, cantidad: 18 })).statusCode).toBe(201);
    expect((await req('POST', `/api/conteos/${id}/aprobar`, s.token)).statusCode).toBe(200);
    expect(await stockDe(arroz)).toBe(18);
    expect(await stockDe(jabon)).toBe(8);
  });
});
