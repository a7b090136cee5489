import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { etiquetaBalanza, type TFormatoBalanza } from '#shared/balanza';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { conteo, conteoLinea, tienda } from '../../db/schema';
import { crearEmpleado, crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { productoConStock, stockDe as stockDeEn } from './conteo.fixtures';

/**
 * Counting offline on a phone and a scale label in the count's search (issue #58 point 1, ADR 042's
 * addendum), through the store API on PGlite and PostgreSQL (TEST_DATABASE_URL): a line sent again or
 * out of order counts once; its system stock is the stock at the moment the phone counted it (its age
 * on the device's clock), so a sale between the count and the line's arrival gives the right adjustment.
 */
const t = usarApp();
const req = peticion(t);

/** A product whose opening stock entered yesterday, before the count opened. */
const nuevoProducto = (tiendaId: number, datos: { nombre: string; stock: number; unidadDian?: string; codigoBarras?: string; precioUnit?: number }) =>
  productoConStock(t, tiendaId, { costoPromedio: 1000, ...datos }, true);
const stockDe = (id: number) => stockDeEn(t, id);
const HORA = 3_600_000;

/** A line as the phone sends it: counted `haceMs` before it is sent, by a device clock `desfase` ms off. */
const sinRed = (haceMs: number, clave = randomUUID(), desfase = 0) => {
  const reloj = Date.now() + desfase;
  return { clave, contadoEn: new Date(reloj - haceMs).toISOString(), reloj: new Date(reloj).toISOString() };
};

describe('conteo sin conexión', () => {
  let s: Tienda;
  let cajera: string;
  let encargado: string;
  let arroz: number;
  let frijol: number;
  let panela: number;
  let conteoId: number;

  beforeAll(async () => {
    s = await crearTienda(t);
    cajera = (await crearEmpleado(t, s.codigo)).token;
    encargado = (await crearEmpleado(t, s.codigo, { rol: ROL.ENCARGADO })).token;
    arroz = await nuevoProducto(s.id, { nombre: 'Arroz 500 g', stock: 10 });
    frijol = await nuevoProducto(s.id, { nombre: 'Frijol 500 g', stock: 8 });
    panela = await nuevoProducto(s.id, { nombre: 'Panela', stock: 6 });
    const res = await req('POST', '/api/conteos', encargado, { alcance: 'tienda' });
    expect(res.statusCode).toBe(201);
    conteoId = res.json().conteo.id;
    // The count opened two hours ago: the phones' lines below were counted within it.
    await t.database.db.update(conteo).set({ abiertoEn: sql`now() - interval '2 hours'` }).where(eq(conteo.idConteo, conteoId));
  });

  it('una línea enviada dos veces, o dos a la vez, cuenta una sola vez', async () => {
    const linea = { productoId: panela, cantidad: 6, sinRed: sinRed(HORA) };
    const primera = await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, linea);
    expect(primera.statusCode).toBe(201);
    // The answer was lost: the phone sends it again, later (its clock moved on; the key is the same).
    const otra = await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { ...linea, sinRed: { ...linea.sinRed, reloj: new Date(Date.now() + 5000).toISOString() } });
    expect(otra.statusCode).toBe(201);
    expect(otra.json().linea.id).toBe(primera.json().linea.id);
    // Two copies at once.
    const doble = { productoId: panela, cantidad: 1, sinRed: sinRed(HORA) };
    const [a, b] = await Promise.all([req('POST', `/api/conteos/${conteoId}/lineas`, cajera, doble), req('POST', `/api/conteos/${conteoId}/lineas`, cajera, doble)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().linea.id).toBe(b.json().linea.id);
    const filas = await t.database.db.select({ id: conteoLinea.idLinea }).from(conteoLinea).where(eq(conteoLinea.productoId, panela));
    expect(filas).toHaveLength(2);
    // Blind: the answer carries no system stock.
    expect(JSON.stringify(primera.json())).not.toMatch(/stock|sistema/i);
  });

  it('una venta entre el conteo del teléfono y la llegada de la línea: el ajuste es el correcto', async () => {
    // The phone counted 10 rice an hour ago, offline. Then the till sold 3 (stock 7). Then the line arrives.
    const contada = sinRed(HORA);
    const venta = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: arroz, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 100_000 });
    expect(venta.statusCode).toBe(201);
    expect(await stockDe(arroz)).toBe(7);
    expect((await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: arroz, cantidad: 10, sinRed: contada })).statusCode).toBe(201);
    // Frijol: the sale of 2 came before the phone counted it (the line counted just now, 6 on the shelf).
    expect((await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: frijol, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 100_000 })).statusCode).toBe(201);
    expect((await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: frijol, cantidad: 6, sinRed: sinRed(0) })).statusCode).toBe(201);

    const informe = (await req('GET', `/api/conteos/${conteoId}/informe`, encargado)).json();
    const filas = Object.fromEntries(informe.lineas.map((l: { productoId: number }) => [l.productoId, l]));
    // The system stock at the phone's moment: 10 (the sale came after), not the 7 of the arrival.
    expect(filas[arroz]).toMatchObject({ sistema: 10, contado: 10, diferencia: 0 });
    expect(filas[frijol]).toMatchObject({ sistema: 6, contado: 6, diferencia: 0 });
    expect(filas[panela]).toMatchObject({ sistema: 6, contado: 7, diferencia: 1 });
  });

  it('las líneas llegan en desorden y con el reloj del teléfono corrido: el stock del sistema es el del primer conteo en el tiempo', async () => {
    const s2 = await crearTienda(t);
    const maiz = await nuevoProducto(s2.id, { nombre: 'Maíz pira', stock: 12 });
    const abierto = await req('POST', '/api/conteos', s2.token, { alcance: 'tienda' });
    const id = abierto.json().conteo.id;
    await t.database.db.update(conteo).set({ abiertoEn: sql`now() - interval '3 hours'` }).where(eq(conteo.idConteo, id));
    // Shelf A counted an hour ago (5) by a phone whose clock is 5 hours fast; then a sale of 4; then shelf B
    // counted (3) by a phone whose clock is 7 hours slow. Only the lines' ages count.
    const temprano = sinRed(HORA, randomUUID(), 5 * HORA);
    const venta = await req('POST', '/api/ventas', s2.token, { lineas: [{ productoId: maiz, cantidad: 4 }], metodoPagoId: 5, montoRecibido: 100_000 });
    expect(venta.statusCode).toBe(201);
    const tarde = sinRed(0, randomUUID(), -7 * HORA);
    // The later line arrives first (its moment: after the sale, stock 8), then the earlier one (before the sale, stock 12), then the earlier again.
    expect((await req('POST', `/api/conteos/${id}/lineas`, s2.token, { productoId: maiz, cantidad: 3, sinRed: tarde })).statusCode).toBe(201);
    let fila = (await req('GET', `/api/conteos/${id}/informe`, s2.token)).json().lineas[0];
    expect(fila).toMatchObject({ sistema: 8, contado: 3 });
    expect((await req('POST', `/api/conteos/${id}/lineas`, s2.token, { productoId: maiz, cantidad: 5, sinRed: temprano })).statusCode).toBe(201);
    expect((await req('POST', `/api/conteos/${id}/lineas`, s2.token, { productoId: maiz, cantidad: 5, sinRed: temprano })).statusCode).toBe(201);
    fila = (await req('GET', `/api/conteos/${id}/informe`, s2.token)).json().lineas[0];
    // Counted 5 + 3 = 8 at the first count's moment (12 then): −4, and the sale after it is carried.
    expect(fila).toMatchObject({ sistema: 12, contado: 8, diferencia: -4 });
    const aprobado = await req('POST', `/api/conteos/${id}/aprobar`, s2.token);
    expect(aprobado.statusCode).toBe(200);
    // 8 counted, 4 sold after the first count: 4 left.
    expect(await stockDe(maiz)).toBe(4);
  });

  it('aprobado el conteo, una línea nueva se rechaza; la ya recibida se contesta igual', async () => {
    const ya = { productoId: panela, cantidad: 6, sinRed: sinRed(HORA) };
    expect((await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, ya)).statusCode).toBe(201);
    expect((await req('POST', `/api/conteos/${conteoId}/aprobar`, encargado)).statusCode).toBe(200);
    // Sale of 3 rice after the phone's count: 10 counted, 7 left.
    expect(await stockDe(arroz)).toBe(7);
    expect((await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, ya)).statusCode).toBe(201);
    const tarde = await req('POST', `/api/conteos/${conteoId}/lineas`, cajera, { productoId: panela, cantidad: 1, sinRed: sinRed(HORA) });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().error.message).toBe(M.conteos.noAbierto(M.conteos.estados.aprobado!));
  });

  it('una clave o una hora que no son válidas se rechazan en español, sin escribir nada', async () => {
    const s3 = await crearTienda(t);
    const p = await nuevoProducto(s3.id, { nombre: 'Sal', stock: 1 });
    const id = (await req('POST', '/api/conteos', s3.token, { alcance: 'tienda' })).json().conteo.id;
    const mala = await req('POST', `/api/conteos/${id}/lineas`, s3.token, { productoId: p, cantidad: 1, sinRed: { ...sinRed(0), clave: 'x' } });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().error.message).toBe(M.conteos.claveInvalida);
    const hora = await req('POST', `/api/conteos/${id}/lineas`, s3.token, { productoId: p, cantidad: 1, sinRed: { ...sinRed(0), contadoEn: 'ayer' } });
    expect(hora.statusCode).toBe(400);
    expect(hora.json().error.message).toBe(M.conteos.relojInvalido);
    expect(await t.database.db.select().from(conteoLinea).where(eq(conteoLinea.conteoId, id))).toHaveLength(0);
  });
});

describe('etiqueta de balanza en la búsqueda del conteo', () => {
  const peso: TFormatoBalanza = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false };
  const precio: TFormatoBalanza = { prefijo: '21', largoCodigo: 5, contenido: 'precio', decimales: 0, digitoPrecio: false };

  it('da el producto con la cantidad de la etiqueta (kg con decimales, o el valor a su precio); por unidad se rechaza', async () => {
    const s = await crearTienda(t);
    await t.database.db.update(tienda).set({ formatosBalanza: [peso, precio] }).where(eq(tienda.idTienda, s.id));
    const queso = await nuevoProducto(s.id, { nombre: 'Queso campesino', stock: 3, unidadDian: 'KGM', codigoBarras: '1234', precioUnit: 20_000 });
    await nuevoProducto(s.id, { nombre: 'Jabón', stock: 3, codigoBarras: '555' });
    const id = (await req('POST', '/api/conteos', s.token, { alcance: 'tienda' })).json().conteo.id;
    const porPeso = await req('GET', `/api/conteos/${id}/productos?q=${etiquetaBalanza(peso, '1234', 750)}`, s.token);
    expect(porPeso.statusCode).toBe(200);
    expect(porPeso.json()).toEqual([{ productoId: queso, nombre: 'Queso campesino', codigoBarras: etiquetaBalanza(peso, '1234', 750), unidad: 'KGM', presentacionId: null, presentacion: null, factor: 1, cantidad: 0.75 }]);
    // $ 25.000 of cheese at $ 20.000 the kg: 1,25 kg.
    const porPrecio = await req('GET', `/api/conteos/${id}/productos?q=${etiquetaBalanza(precio, '1234', 25_000)}`, s.token);
    expect(porPrecio.json()[0]).toMatchObject({ productoId: queso, cantidad: 1.25 });
    const unidad = await req('GET', `/api/conteos/${id}/productos?q=${etiquetaBalanza(peso, '555', 500)}`, s.token);
    expect(unidad.statusCode).toBe(422);
    expect(unidad.json().error.message).toBe(M.ventas.peso.etiquetaPorUnidad('Jabón'));
    // The label's quantity is a line like any other (its decimals kept).
    const linea = await req('POST', `/api/conteos/${id}/lineas`, s.token, { productoId: queso, cantidad: 0.75 });
    expect(linea.json().linea.cantidad).toBe(0.75);
  });
});
