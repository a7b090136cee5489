import { describe, expect, it } from 'vitest';
import { disponibleFiado, totalDe } from './venta-local';

/** Issue #34 point 4: the offline till's sums and its fiado check (the outbox itself runs in the journey, tests/e2e/sin-red.spec.ts). */
describe('venta sin red', () => {
  it('el total es la suma de precio × cantidad en pesos enteros', () => {
    expect(totalDe([])).toBe(0);
    expect(
      totalDe([
        { producto: { id: 1, nombre: 'Arroz', precio: 2500 }, cantidad: 3 },
        { producto: { id: 2, nombre: 'Panela', precio: 1800 }, cantidad: 1 },
      ]),
    ).toBe(9300);
  });

  it('el cupo disponible descuenta el saldo sincronizado y el fiado de este equipo aún sin contar', () => {
    expect(disponibleFiado({ cupo: 20_000, saldo: 5_000 }, 0)).toBe(15_000);
    expect(disponibleFiado({ cupo: 20_000, saldo: 5_000 }, 11_000)).toBe(4_000);
    // Past the limit: negative, so any sale is flagged as sobregiro (allowed offline).
    expect(disponibleFiado({ cupo: 20_000, saldo: 15_000 }, 7_300)).toBe(-2_300);
  });
});
