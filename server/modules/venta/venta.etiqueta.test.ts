import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { digitoEan13, etiquetaBalanza, type TFormatoBalanza } from '#shared/balanza';
import { cantidadPorValor, importeLinea } from '#shared/cantidad';
import { M } from '#shared/messages';
import { producto } from '../../db/schema';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Issue #33 point 4: the till's scanner reads the labels of the store's scales (two layouts: one
 * printing the weight, one the price with its price check digit) and answers the product with the
 * label's quantity; the sale then charges what the label says.
 */
const V = M.ventas;
const t = usarApp();

const PESO: TFormatoBalanza = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false };
const PRECIO: TFormatoBalanza = { prefijo: '23', largoCodigo: 4, contenido: 'precio', decimales: 0, digitoPrecio: true };

async function crearProducto(tiendaId: number, v: { nombre: string; precio: number; unidad: '94' | 'KGM' | 'GRM' | 'LTR'; codigoBarras: string; stock?: number }) {
  const [p] = await t.database.db
    .insert(producto)
    .values({ tiendaId, nombre: v.nombre, precioUnit: v.precio, stock: v.stock ?? 10, unidadDian: v.unidad, codigoBarras: v.codigoBarras })
    .returning();
  return p!;
}
const escanear = (token: string, codigo: string) => t.request({ method: 'GET', url: `/api/ventas/productos/codigo/${codigo}`, token });

describe('etiquetas de balanza en la caja', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
    const r = await t.request({ method: 'PUT', url: '/api/tienda/balanzas', token: s.token, payload: { formatos: [PESO, PRECIO] } });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('formato con peso: 0,375 kg de queso a $ 12.000/kg se agrega con su cantidad y se cobra $ 4.500', async () => {
    const queso = await crearProducto(s.id, { nombre: 'Queso de etiqueta', precio: 12_000, unidad: 'KGM', codigoBarras: '01234' });
    const res = await escanear(s.token, etiquetaBalanza(PESO, '01234', 375));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: queso.idProducto,
      nombre: 'Queso de etiqueta',
      marca: null,
      precio: 12_000,
      stock: 10,
      codigoBarras: '01234',
      unidad: 'KGM',
      bajoFormula: false,
      manejaLotes: false,
      etiqueta: { tipo: 'peso', cantidad: 0.375 },
    });
    const venta = await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas: [{ productoId: queso.idProducto, cantidad: res.json().etiqueta.cantidad }], metodoPagoId: 1, montoRecibido: 5_000 } });
    expect(venta.statusCode, venta.body).toBe(201);
    expect(venta.json().total).toBe(4_500);
  });

  it('formato con precio y su dígito de control: $ 4.500 de jamón a $ 20.000/kg son 0,225 kg; el código del artículo sin ceros a la izquierda también', async () => {
    const jamon = await crearProducto(s.id, { nombre: 'Jamón de etiqueta', precio: 20_000, unidad: 'KGM', codigoBarras: '456' });
    const res = await escanear(s.token, etiquetaBalanza(PRECIO, '0456', 4_500));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: jamon.idProducto, etiqueta: { tipo: 'precio', cantidad: 0.225, pesos: 4_500 } });
    expect(importeLinea(20_000, cantidadPorValor(4_500, 20_000)!)).toBe(4_500);
    // A price the quantity cannot hit exactly: the nearest thousandth, charged within half a thousandth's price.
    const raro = await escanear(s.token, etiquetaBalanza(PRECIO, '0456', 1_234));
    expect(raro.json().etiqueta).toEqual({ tipo: 'precio', cantidad: 0.062, pesos: 1_234 });
  });

  it('un producto vendido por gramo toma el peso en gramos', async () => {
    await crearProducto(s.id, { nombre: 'Café molido', precio: 40, unidad: 'GRM', codigoBarras: '00555', stock: 5_000 });
    const res = await escanear(s.token, etiquetaBalanza(PESO, '00555', 250));
    expect(res.json()).toMatchObject({ unidad: 'GRM', etiqueta: { tipo: 'peso', cantidad: 250 } });
  });

  it('por unidad o un peso para un producto por volumen: 422 con la razón; un artículo desconocido o un dígito mal leído: no encontrado', async () => {
    await crearProducto(s.id, { nombre: 'Gaseosa de etiqueta', precio: 3_000, unidad: '94', codigoBarras: '00777' });
    await crearProducto(s.id, { nombre: 'Aceite de etiqueta', precio: 10_000, unidad: 'LTR', codigoBarras: '999' });
    const unidad = await escanear(s.token, etiquetaBalanza(PESO, '00777', 500));
    expect(unidad.statusCode).toBe(422);
    expect(unidad.json().error.message).toBe(V.peso.etiquetaPorUnidad('Gaseosa de etiqueta'));
    const volumen = await escanear(s.token, etiquetaBalanza(PESO, '00999', 500));
    expect(volumen.statusCode).toBe(422);
    expect(volumen.json().error.message).toBe(V.peso.etiquetaPesoEnVolumen('Aceite de etiqueta'));
    // The same oil by a price label is fine: $ 500 of it.
    expect((await escanear(s.token, etiquetaBalanza(PRECIO, '0999', 500))).json().etiqueta).toEqual({ tipo: 'precio', cantidad: 0.05, pesos: 500 });

    const desconocido = etiquetaBalanza(PESO, '98765', 375);
    const nada = await escanear(s.token, desconocido);
    expect(nada.statusCode).toBe(404);
    // The till offers to create the product with the label's item code, not its 13 digits.
    expect(nada.json().error).toMatchObject({ message: V.peso.etiquetaSinProducto('98765'), datos: { codigo: '98765', contenido: 'peso' } });
    const bueno = etiquetaBalanza(PESO, '01234', 375);
    const malLeido = bueno.slice(0, 12) + String((Number(bueno[12]) + 1) % 10);
    const misread = await escanear(s.token, malLeido);
    expect(misread.statusCode).toBe(404);
    // A misread is not a label: nothing to create from it.
    expect(misread.json().error.datos).toBeUndefined();
    // A prefix of no layout (21) is an ordinary barcode: not found either.
    const otroPrefijo = etiquetaBalanza({ ...PESO, prefijo: '21' }, '01234', 375);
    expect((await escanear(s.token, otroPrefijo)).statusCode).toBe(404);
  });

  it('un producto cuyo código de barras es la etiqueta entera gana; otra tienda sin formatos no lee etiquetas', async () => {
    const doce = '200123400500';
    const codigo = doce + String(digitoEan13(doce));
    const propio = await crearProducto(s.id, { nombre: 'Bandeja con código propio', precio: 8_000, unidad: '94', codigoBarras: codigo });
    const res = await escanear(s.token, codigo);
    expect(res.json()).toMatchObject({ id: propio.idProducto, nombre: 'Bandeja con código propio' });
    expect(res.json().etiqueta).toBeUndefined();

    const otra = await crearTienda(t);
    await crearProducto(otra.id, { nombre: 'Queso sin balanza', precio: 12_000, unidad: 'KGM', codigoBarras: '01234' });
    expect((await escanear(otra.token, etiquetaBalanza(PESO, '01234', 375))).statusCode).toBe(404);
    // Another store's item code never answers here.
    await t.database.db.update(producto).set({ estado: 0 }).where(eq(producto.codigoBarras, '01234'));
    expect((await escanear(s.token, etiquetaBalanza(PESO, '01234', 375))).statusCode).toBe(404);
  });
});
