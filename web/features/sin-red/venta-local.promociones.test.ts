import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import type { TPromocionesCaja } from '#shared/schemas/promociones';
import type { LineaCarrito } from './venta-local';
import { armarVenta } from './venta-local';

/**
 * Issue #59 point 2, ADR 052: an offline sale is priced by the promotions the device kept, at the sale's
 * moment, as the server will price it at the sync: the receipt charges the 3×2, the request sends the
 * lines without a discount and the Ahorro shown (the server re-prices and compares).
 */
const GASEOSA: LineaCarrito = { id: 5, nombre: 'Gaseosa', marca: null, precio: 3_000, stock: 50, cantidad: 3, unidad: '94' };
const caja = (dias = 127): TPromocionesCaja => ({
  zona: 'America/Bogota',
  productos: [{ productoId: 5, costo: 1_500, categoria: null }],
  promociones: [
    { id: 1, nombre: '3×2 Gaseosa', tipo: 'nxm', lleve: 3, pague: 2, precio: null, porcentaje: null, valor: null, minimo: null, productoId: 5, producto: 'Gaseosa', categoria: null, productos: [], bajoCosto: false, desde: null, hasta: null, dias, horaDesde: null, horaHasta: null, activa: true },
  ],
});
// Friday 2026-11-27 10:00 in Bogotá.
const ids = { clave: '00000000-0000-4000-8000-0000000000aa', n: 4, dispositivo: { id: 3, prefijo: 'D3' }, fecha: '2026-11-27T15:00:00.000Z', contingencia: false };
const datos = (promociones: TPromocionesCaja | null, lineas: LineaCarrito[] = [GASEOSA]) => ({
  lineas,
  pago: { metodoPagoId: METODO.EFECTIVO, metodo: 'Efectivo', montoRecibido: 10_000, cliente: null },
  tienda: 'Tienda',
  cajero: 'Ana',
  sobregiro: false,
  promociones,
});

describe('una venta sin red con promociones', () => {
  it('el recibo del equipo cobra el 3×2 y dice el Ahorro; la petición lleva las líneas sin descuento y el ahorro mostrado', () => {
    const v = armarVenta(datos(caja()), ids);
    expect(v.recibo.total).toBe(6_000);
    expect(v.recibo.cambio).toBe(4_000);
    // The line names its promotion, as the server's receipt does: its saving reads once, as the Ahorro.
    expect(v.recibo.lineas[0]).toMatchObject({ precio: 3_000, descuento: 3_000, subtotal: 6_000, promocion: '3×2 Gaseosa' });
    expect(v.recibo.ahorros).toEqual([{ nombre: '3×2 Gaseosa', ahorro: 3_000 }]);
    expect(v.cuerpo.lineas).toEqual([{ productoId: 5, cantidad: 3 }]);
    expect(v.cuerpo.ahorro).toBe(3_000);
  });

  it('otro día de la semana, o una línea con descuento del cajero, no la toman; sin promociones guardadas la petición no manda ahorro', () => {
    const soloSabado = armarVenta(datos(caja(1 << 6)), ids);
    expect(soloSabado.recibo.total).toBe(9_000);
    expect(soloSabado.cuerpo.ahorro).toBe(0);
    const conDescuento = armarVenta(datos(caja(), [{ ...GASEOSA, descuento: { tipo: 'valor', valor: 500 } } as LineaCarrito]), ids);
    expect(conDescuento.recibo.total).toBe(8_500);
    expect(conDescuento.recibo.ahorros).toBeUndefined();
    expect(conDescuento.recibo.lineas[0]).not.toHaveProperty('promocion');
    const sinDatos = armarVenta(datos(null), ids);
    expect(sinDatos.recibo.total).toBe(9_000);
    expect(sinDatos.cuerpo).not.toHaveProperty('ahorro');
  });
});
