import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sinRed } from '#shared/messages/sin-red';
import { reciboDePrueba, TIENDA_FIJA } from '../../../lib/impresion/recibo-de-prueba';
import type { TRecibo } from '#shared/schemas/venta';
import { Recibo } from './recibo';

const TIENDA = TIENDA_FIJA;
/** A receipt whose internal id (50 001) differs from the number people see (37). */
const TIQUETE: TRecibo = reciboDePrueba({
  lineas: [{ productoId: 2, nombre: 'Queso campesino', marca: null, cantidad: 0.375, unidad: 'KGM', precio: 12_000, descuento: 0, subtotal: 4500 }],
  total: 4500,
  montoRecibido: 5000,
  cambio: 500,
});
// The range starts at POS1 (its resolution line prints it); the sale's number is POS7.
const CON_RANGO: TRecibo = {
  ...TIQUETE,
  fiscal: { caja: 'Caja 1', prefijo: 'POS', numero: 7, resolucion: '18764000000001', desde: 1, hasta: 15_000, fechaDesde: '2026-01-01', fechaHasta: '2027-12-31' },
};

describe('el recibo en pantalla (issue #52 punto 5)', () => {
  it('en pantalla (58 mm): un título, un número', () => {
    const { unmount } = render(<Recibo recibo={TIQUETE} formato="58" tienda={TIENDA} />);
    const recibo = screen.getByRole('article');
    expect(screen.getByTestId('recibo-id').textContent).toBe('Tiquete de venta N.º 37');
    expect(recibo.textContent).not.toMatch(/Factura|#37/);
    unmount();
    render(<Recibo recibo={CON_RANGO} formato="58" tienda={TIENDA} />);
    expect(screen.getByTestId('recibo-id').textContent).toBe('Documento equivalente POS N.º POS7');
    expect(screen.getByRole('article').textContent!.match(/POS7(?!\d)/g)).toHaveLength(1);
    expect(screen.getByRole('article').textContent).not.toMatch(/Factura|#37|Tiquete/);
  });
});

describe('el recibo de una venta sin red fiada por encima del cupo (issue #53)', () => {
  it('dice que quedó marcada como sobregiro; sin él, no', () => {
    const { unmount } = render(<Recibo recibo={TIQUETE} formato="80" tienda={TIENDA} sobregiro={sinRed.sobregiro} />);
    expect(screen.getByTestId('recibo-sobregiro').textContent).toBe('Sobregiro de fiado: revisar');
    unmount();
    render(<Recibo recibo={TIQUETE} formato="80" tienda={TIENDA} />);
    expect(screen.queryByTestId('recibo-sobregiro')).toBeNull();
  });
});

describe('el ahorro de una promoción se lee una vez (issue #59 punto 2)', () => {
  it('la línea de la promoción la nombra y su ahorro va una vez como Ahorro; el descuento del cajero dice Descuento', () => {
    const recibo: TRecibo = {
      ...TIQUETE,
      lineas: [
        { productoId: 3, nombre: 'Gaseosa', marca: null, cantidad: 3, precio: 3_000, descuento: 3_000, promocion: '3×2 Gaseosa', subtotal: 6_000 },
        { productoId: 4, nombre: 'Pan', marca: null, cantidad: 1, precio: 1_000, descuento: 200, subtotal: 800 },
      ],
      ahorros: [{ nombre: '3×2 Gaseosa', ahorro: 3_000 }],
      motivoDescuento: 'Pan de ayer',
      total: 6_800,
    };
    render(<Recibo recibo={recibo} formato="80" tienda={TIENDA} />);
    const [gaseosa, pan] = screen.getAllByRole('row').slice(1);
    expect(gaseosa!.textContent).toContain('Promoción: 3×2 Gaseosa');
    expect(gaseosa!.textContent).not.toMatch(/Descuento|3\.000\s*−|−\$\s?3\.000/);
    expect(pan!.textContent).toMatch(/Descuento −\$\s?200/);
    expect(screen.getByTestId('recibo-ahorro').textContent).toMatch(/Ahorro · 3×2 Gaseosa−\$\s?3\.000/);
    expect(screen.getByRole('article').textContent!.match(/−\$\s?3\.000/g)).toHaveLength(1);
  });
});
