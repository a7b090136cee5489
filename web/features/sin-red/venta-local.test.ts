import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { etiquetaBalanza, type TFormatoBalanza } from '#shared/balanza';
import { importeLinea } from '#shared/cantidad';
import { AppError } from '#shared/errors';
import { totalConDescuentos } from '#shared/descuento';
import { sinRed } from '#shared/messages/sin-red';
import { METODO, ROL } from '#shared/roles';
import { agregarProducto, type LineaCarrito } from '../ventas/carrito';
import type { ProductoLocal } from './base-local';
import { productoLocal } from './producto-local.fixtures';
import { armarVenta, buscarPorCodigo, descuentoSinRed, disponibleFiado, productoVentaDe, totalDe, type CatalogoLocal } from './venta-local';

/** Issue #34: the offline till's sums, its scanner and its outbox entry (the outbox itself runs in the journeys, tests/e2e/sin-red*.spec.ts). */

const producto = (p: Partial<ProductoLocal> & Pick<ProductoLocal, 'id' | 'nombre' | 'precio'>): ProductoLocal => productoLocal(p);

const QUESO = producto({ id: 1, nombre: 'Queso campesino', precio: 12_000, unidad: 'KGM', codigoBarras: '01234', stock: 4.5 });
const CERVEZA = producto({
  id: 2,
  nombre: 'Cerveza',
  precio: 3_000,
  codigoBarras: '7701',
  stock: 48,
  presentaciones: [{ id: 9, nombre: 'Paca x12', factor: 12, codigoBarras: '7701-12', precio: 33_000 }],
});
/** A product sold by unit whose own code is in the labels' range: an exact barcode wins over a layout. */
const PESO: TFormatoBalanza = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false };
const PRECIO: TFormatoBalanza = { prefijo: '23', largoCodigo: 4, contenido: 'precio', decimales: 0, digitoPrecio: true };
const PROPIO = producto({ id: 3, nombre: 'Galletas', precio: 2_000, codigoBarras: etiquetaBalanza(PESO, '01234', 375) });
const ACEITE = producto({ id: 4, nombre: 'Aceite', precio: 9_000, unidad: 'LTR', codigoBarras: '555' });
const PANELA = producto({ id: 5, nombre: 'Panela', precio: 1_800, codigoBarras: '777' });

function catalogo(productos: ProductoLocal[], formatos: TFormatoBalanza[] = [PESO, PRECIO]): CatalogoLocal {
  return {
    porCodigo: async (c) => productos.find((p) => p.codigoBarras === c),
    porCodigoPresentacion: async (c) => productos.find((p) => p.codigosPresentacion.includes(c)),
    porCodigos: async (cs) => productos.filter((p) => p.codigoBarras != null && cs.includes(p.codigoBarras)),
    formatos: async () => formatos,
  };
}

const linea = (p: ProductoLocal, cantidad: number, pack?: number): LineaCarrito[] => agregarProducto([], productoVentaDe(p, pack), cantidad);

describe('venta sin red', () => {
  it('el total es la suma de los importes de línea redondeados al peso, como en línea y en venta_registrar', () => {
    expect(totalDe([])).toBe(0);
    const carrito = [...linea(PANELA, 3), ...linea(QUESO, 0.375), ...linea(CERVEZA, 1, 9)];
    // 3 × 1 800 + round(12 000 × 0,375) + 1 paca de 33 000.
    expect(totalDe(carrito)).toBe(5_400 + 4_500 + 33_000);
    expect(totalDe(linea(QUESO, 0.333))).toBe(3_996);
  });

  it('un total sin red es siempre la suma exacta de importeLinea de cada línea', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 9_999_000 })), { minLength: 1, maxLength: 8 }),
        (lineas) => {
          const carrito = lineas.flatMap(([precio, milesimas], i) => linea(producto({ id: i + 1, nombre: `P${i}`, precio, unidad: 'KGM' }), milesimas / 1000));
          const esperado = lineas.reduce((a, [precio, milesimas]) => a + importeLinea(precio, milesimas), 0);
          expect(totalDe(carrito)).toBe(esperado);
          expect(Number.isSafeInteger(totalDe(carrito))).toBe(true);
        },
      ),
    );
  });

  it('el cupo disponible descuenta el saldo sincronizado y el fiado de este equipo aún sin contar', () => {
    expect(disponibleFiado({ cupo: 20_000, saldo: 5_000 }, 0)).toBe(15_000);
    expect(disponibleFiado({ cupo: 20_000, saldo: 5_000 }, 11_000)).toBe(4_000);
    // Past the limit: negative, so any sale is flagged as sobregiro (allowed offline).
    expect(disponibleFiado({ cupo: 20_000, saldo: 15_000 }, 7_300)).toBe(-2_300);
  });
});

describe('escáner sin red', () => {
  const cat = catalogo([QUESO, CERVEZA, PROPIO, ACEITE, PANELA]);

  it('el código de una paca agrega la paca a su precio', async () => {
    const p = await buscarPorCodigo(cat, '7701-12');
    expect(p).toMatchObject({ id: 2, precio: 33_000, unidadVenta: { id: 9, nombre: 'Paca x12', factor: 12 } });
    expect(await buscarPorCodigo(cat, '7701')).toMatchObject({ id: 2, precio: 3_000 });
    expect((await buscarPorCodigo(cat, '7701'))?.unidadVenta).toBeUndefined();
  });

  it('una etiqueta de peso da la cantidad del producto cuyo código es el del artículo, con o sin ceros', async () => {
    // PROPIO's own barcode is exactly this label: an exact barcode wins.
    expect(await buscarPorCodigo(cat, etiquetaBalanza(PESO, '01234', 375))).toMatchObject({ id: 3, nombre: 'Galletas' });
    const queso = await buscarPorCodigo(cat, etiquetaBalanza(PESO, '01234', 750));
    expect(queso).toMatchObject({ id: 1, unidad: 'KGM', etiqueta: { tipo: 'peso', cantidad: 0.75 } });
    const sinCeros = catalogo([{ ...QUESO, codigoBarras: '1234' }]);
    expect(await buscarPorCodigo(sinCeros, etiquetaBalanza(PESO, '01234', 375))).toMatchObject({ id: 1, etiqueta: { cantidad: 0.375 } });
  });

  it('una etiqueta de precio da la cantidad que ese valor compra', async () => {
    const aceite = await buscarPorCodigo(cat, etiquetaBalanza(PRECIO, '0555', 4_500));
    expect(aceite).toMatchObject({ id: 4, etiqueta: { tipo: 'precio', cantidad: 0.5, pesos: 4_500 } });
  });

  it('una etiqueta de un producto por unidad, o de peso para uno por volumen, se rechaza con su motivo', async () => {
    await expect(buscarPorCodigo(cat, etiquetaBalanza(PRECIO, '0777', 1_800))).rejects.toBeInstanceOf(AppError);
    await expect(buscarPorCodigo(cat, etiquetaBalanza(PESO, '00555', 500))).rejects.toThrow(/Aceite/);
  });

  it('un código desconocido, o una etiqueta sin formato de la tienda, no encuentra nada', async () => {
    expect(await buscarPorCodigo(cat, '999')).toBeNull();
    expect(await buscarPorCodigo(catalogo([QUESO], []), etiquetaBalanza(PESO, '01234', 750))).toBeNull();
  });
});

describe('la venta en la salida', () => {
  it('lleva la cantidad pesada y la presentación de cada línea, y el recibo cobra lo mismo que el servidor', () => {
    const carrito = [...linea(QUESO, 0.375), ...linea(CERVEZA, 1, 9)];
    const v = armarVenta(
      { lineas: carrito, pago: { metodoPagoId: METODO.EFECTIVO, metodo: 'Efectivo', montoRecibido: 40_000, cliente: null }, tienda: 'Tienda', cajero: 'Ana', sobregiro: false },
      { clave: '00000000-0000-4000-8000-000000000000', n: 7, dispositivo: { id: 3, prefijo: 'D3' }, fecha: '2026-11-28T15:00:00.000Z', contingencia: false },
    );
    expect(v.numero).toBe('D3-7');
    expect(v.cuerpo.lineas).toEqual([
      { productoId: 1, cantidad: 0.375 },
      { productoId: 2, cantidad: 1, unidadVentaId: 9 },
    ]);
    expect(v.cuerpo.sinRed).toMatchObject({ dispositivoId: 3, numero: 'D3-7' });
    expect(v.recibo.lineas).toEqual([
      { productoId: 1, nombre: 'Queso campesino', cantidad: 0.375, precio: 12_000, subtotal: 4_500, unidad: 'KGM' },
      { productoId: 2, nombre: 'Cerveza', cantidad: 1, precio: 33_000, subtotal: 33_000, unidad: '94', presentacion: 'Paca x12' },
    ]);
    expect(v.recibo.total).toBe(37_500);
    expect(v.recibo.cambio).toBe(2_500);
  });

  it('por valor: "$ 2.000" de queso lleva su valor al servidor y el recibo del equipo cobra $ 2.000 (issue #52 punto 4)', () => {
    const carrito = agregarProducto([], productoVentaDe(QUESO), 0.167, 2_000);
    const v = armarVenta(
      { lineas: carrito, pago: { metodoPagoId: METODO.EFECTIVO, metodo: 'Efectivo', montoRecibido: 2_000, cliente: null }, tienda: 'Tienda', cajero: 'Ana', sobregiro: false },
      { clave: '00000000-0000-4000-8000-000000000001', n: 8, dispositivo: { id: 3, prefijo: 'D3' }, fecha: '2026-11-28T15:00:00.000Z', contingencia: false },
    );
    // 0,167 kg × $ 12.000 = $ 2.004 by the quantity; the customer asked $ 2.000.
    expect(v.cuerpo.lineas).toEqual([{ productoId: 1, cantidad: 0.167, importe: 2_000 }]);
    expect(v.recibo.lineas).toEqual([expect.objectContaining({ cantidad: 0.167, subtotal: 2_000 })]);
    expect(v.recibo.total).toBe(2_000);
    expect(v.recibo.cambio).toBe(0);
  });

  it('el fiado cuenta el total redondeado contra el cupo', () => {
    const cliente = { id: 5, documento: '1010', nombre: 'Rosa', fiado: true, cupo: 50_000, saldo: 0, activo: true };
    const v = armarVenta(
      { lineas: linea(QUESO, 0.333), pago: { metodoPagoId: METODO.FIADO, metodo: 'Fiado', montoRecibido: 0, cliente }, tienda: 'T', cajero: 'C', sobregiro: false },
      { clave: '00000000-0000-4000-8000-000000000001', n: 1, dispositivo: { id: 3, prefijo: 'D3' }, fecha: '2026-11-28T15:00:00.000Z', contingencia: true },
    );
    expect(v.montoFiado).toBe(3_996);
    expect(v.clienteId).toBe(5);
    expect(v.cuerpo.documentoCliente).toBe('1010');
    expect(v.recibo.contingencia).toBe(true);
  });

  it('una venta fiada lleva el saldo del cliente que vio el equipo (ADR 041); una de contado no', () => {
    const cliente = { id: 5, documento: '1010', nombre: 'Rosa', fiado: true, cupo: 50_000, saldo: 12_000, activo: true };
    const ids = { clave: '00000000-0000-4000-8000-000000000002', n: 2, dispositivo: { id: 3, prefijo: 'D3' }, fecha: '2026-11-28T15:00:00.000Z', contingencia: false, saldoCliente: 15_000 };
    const fiada = armarVenta({ lineas: linea(PANELA, 1), pago: { metodoPagoId: METODO.FIADO, metodo: 'Fiado', montoRecibido: 0, cliente }, tienda: 'T', cajero: 'C', sobregiro: false }, ids);
    expect(fiada.cuerpo.sinRed).toEqual({ dispositivoId: 3, numero: 'D3-2', fecha: ids.fecha, reloj: ids.fecha, saldoCliente: 15_000 });
    const contado = armarVenta({ lineas: linea(PANELA, 1), pago: { metodoPagoId: METODO.EFECTIVO, metodo: 'Efectivo', montoRecibido: 2_000, cliente: null }, tienda: 'T', cajero: 'C', sobregiro: false }, ids);
    expect(contado.cuerpo.sinRed).not.toHaveProperty('saldoCliente');
  });
});

describe('descuento sin red', () => {
  const carrito = [...linea(QUESO, 0.375), ...linea(CERVEZA, 1, 9)];

  it('el administrador y el encargado dan un descuento con motivo; el empleado no puede sin el PIN, que solo comprueba el servidor', () => {
    expect(descuentoSinRed(ROL.ADMIN, 'porcentaje', '10', 'Cliente fiel', carrito)).toEqual({ descuento: { tipo: 'porcentaje', valor: 10 }, motivo: 'Cliente fiel' });
    expect(descuentoSinRed(ROL.ENCARGADO, 'valor', '$ 2.000', 'Cliente fiel', carrito)).toEqual({ descuento: { tipo: 'valor', valor: 2_000 }, motivo: 'Cliente fiel' });
    expect(descuentoSinRed(ROL.EMPLEADO, 'porcentaje', '10', 'Cliente fiel', carrito)).toEqual({ error: sinRed.descuentoSoloSupervisor });
    expect(descuentoSinRed(ROL.ADMIN, 'porcentaje', '10', 'x', carrito)).toEqual({ error: sinRed.motivoDescuentoRequerido });
    expect(descuentoSinRed(ROL.ADMIN, 'porcentaje', '101', 'Cliente fiel', carrito)).toEqual({ error: sinRed.descuentoInvalido });
    expect(descuentoSinRed(ROL.ADMIN, 'valor', '40000', 'Cliente fiel', carrito)).toEqual({ error: sinRed.descuentoInvalido });
    expect(descuentoSinRed(ROL.EMPLEADO, 'porcentaje', '', '', carrito)).toEqual({});
  });

  it('el total con descuento de la venta sin red es el del cobro (totalConDescuentos), nunca negativo ni mayor que el subtotal', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 99_000 })), { minLength: 1, maxLength: 6 }),
        fc.oneof(fc.record({ tipo: fc.constant('porcentaje' as const), valor: fc.integer({ min: 1, max: 100 }) }), fc.record({ tipo: fc.constant('valor' as const), valor: fc.integer({ min: 1, max: 5_000_000 }) })),
        (lineas, descuento) => {
          const cart = lineas.flatMap(([precio, milesimas], i) => linea(producto({ id: i + 1, nombre: `P${i}`, precio, unidad: 'KGM' }), milesimas / 1000));
          const esperado = totalConDescuentos(cart, descuento);
          const pedido = descuentoSinRed(ROL.ADMIN, descuento.tipo, String(descuento.valor), 'Motivo', cart);
          if (!esperado.valido) {
            expect(pedido.error).toBe(sinRed.descuentoInvalido);
            return;
          }
          const v = armarVenta(
            { lineas: cart, pago: { metodoPagoId: METODO.FIADO, metodo: 'Fiado', montoRecibido: 0, cliente: { id: 1, documento: '1', nombre: 'R', fiado: true, cupo: 0, saldo: 0, activo: true } }, tienda: 'T', cajero: 'C', sobregiro: false, descuento: pedido.descuento, motivoDescuento: pedido.motivo },
            { clave: '00000000-0000-4000-8000-000000000002', n: 1, dispositivo: { id: 1, prefijo: 'D1' }, fecha: '2026-11-28T15:00:00.000Z', contingencia: false },
          );
          expect(v.recibo.total).toBe(esperado.total);
          expect(v.montoFiado).toBe(esperado.total);
          expect(v.recibo.total).toBeGreaterThanOrEqual(0);
          expect(v.recibo.total).toBeLessThanOrEqual(totalDe(cart));
          expect(v.recibo.descuento ?? 0).toBe(esperado.descuentoVenta);
          expect(v.cuerpo.descuento).toEqual(descuento);
        },
      ),
    );
  });
});
