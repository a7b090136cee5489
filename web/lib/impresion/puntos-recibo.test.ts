import { describe, expect, it } from 'vitest';
import type { TRecibo } from '#shared/schemas/venta';
import { reciboDePrueba } from './recibo-de-prueba';
import { lineasRecibo, textoWhatsApp } from './texto-recibo';

/** ADR 054: the printed ticket and the WhatsApp text show the points as the screen's receipt does. */
const RECIBO: TRecibo = reciboDePrueba({
  id: 9,
  numero: 9,
  lineas: [{ productoId: 1, nombre: 'Café molido 250 g', marca: null, cantidad: 2, precio: 8500, descuento: 0, subtotal: 17000 }],
  total: 17_000,
  montoRecibido: 20_000,
  cambio: 3_000,
  cliente: { id: 3, documento: '1020304050', nombre: 'Ana Ruiz' },
});

describe('puntos en la tirilla', () => {
  it('una venta que gana puntos imprime los ganados y el saldo', () => {
    const r = { ...RECIBO, puntos: { ganados: 17, redimidos: 0, saldo: 1_250 } };
    const lineas = lineasRecibo(r, null, 32);
    expect(lineas.some((l) => /^Puntos ganados +17$/.test(l))).toBe(true);
    expect(lineas.some((l) => /^Saldo de puntos +1\.250$/.test(l))).toBe(true);
    const texto = textoWhatsApp(r, null);
    expect(texto).toContain('Puntos ganados: 17');
    expect(texto).toContain('Saldo de puntos: 1.250');
  });

  it('una venta pagada con puntos imprime los usados, no los ganados', () => {
    const r = { ...RECIBO, metodoPago: { id: 8, nombre: 'Puntos' }, puntos: { ganados: 0, redimidos: 170, saldo: 30 } };
    const texto = textoWhatsApp(r, null);
    expect(texto).toContain('Puntos usados: 170');
    expect(texto).toContain('Saldo de puntos: 30');
    expect(texto).not.toContain('Puntos ganados');
  });

  it('sin puntos (tienda sin puntos o consumidor final) no imprime nada de puntos', () => {
    expect(textoWhatsApp(RECIBO, null)).not.toMatch(/puntos/i);
  });
});
