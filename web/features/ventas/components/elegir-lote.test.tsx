import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lotes as L } from '#shared/messages/lotes';
import type { TLotesProducto } from '#shared/schemas/lote';
import { agregarProducto, fijarLote, parseCarrito, type LineaCarrito } from '../carrito';
import { calcularPago } from '../pedido-pago';
import { CarritoPanel } from './carrito-panel';
import { ElegirLote, loteFefo } from './elegir-lote';

const respuesta = vi.hoisted(() => ({ valor: null as unknown }));
vi.mock('../../../lib/api-client', () => ({ api: vi.fn(async () => respuesta.valor) }));

/** Issue #58 point 2 (ADR 051): the cashier may choose the lot of a line; the default, shown, is the first to expire. */
const LOTES: TLotesProducto = {
  productoId: 5,
  manejaLotes: true,
  lotes: [
    { id: 11, codigo: 'J-VIEJO', vence: '2026-01-10', cantidad: 2, vencido: true },
    { id: 12, codigo: 'J-PRONTO', vence: '2027-03-05', cantidad: 4, vencido: false },
    { id: 13, codigo: 'J-LEJOS', vence: '2028-07-20', cantidad: 6, vencido: false },
    { id: 14, codigo: null, vence: null, cantidad: 1, vencido: false },
  ],
};
const JARABE: LineaCarrito = { id: 5, nombre: 'Jarabe', marca: null, precio: 9_000, stock: 13, cantidad: 1, unidad: '94', lotes: true };

function pintar(linea: LineaCarrito = JARABE) {
  respuesta.valor = LOTES;
  const onElegir = vi.fn();
  const onCancelar = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ElegirLote linea={linea} onElegir={onElegir} onCancelar={onCancelar} />
    </QueryClientProvider>,
  );
  return { onElegir, onCancelar };
}

describe('el selector de lote de la caja', () => {
  it('lista los lotes con su código, vencimiento y unidades; por defecto el que vence primero, dicho', async () => {
    const { onElegir } = pintar();
    const auto = await screen.findByRole('radio', { name: new RegExp(L.loteAutomaticoOpcion) });
    expect((auto as HTMLInputElement).checked).toBe(true);
    // FEFO skips the expired lot: today it would be J-PRONTO.
    expect(auto.closest('label')!.textContent).toContain(L.loteAutomaticoCual('J-PRONTO · vence 05/03/2027'));
    expect(screen.getByRole('radio', { name: /J-LEJOS · vence 20\/07\/2028/ }).closest('label')!.textContent).toContain('6 unidades');
    expect(screen.getByRole('radio', { name: /Sin lote/ }).closest('label')!.textContent).toContain('1 unidad');
    // The expired one can be chosen; it says a supervisor will be asked.
    const viejo = screen.getByRole('radio', { name: /J-VIEJO · vence 10\/01\/2026/ });
    expect(viejo.closest('label')!.textContent).toContain(L.loteVencidoAyuda);
    fireEvent.click(screen.getByRole('button', { name: L.usarLote }));
    expect(onElegir).toHaveBeenLastCalledWith(null);
    fireEvent.click(viejo);
    fireEvent.click(screen.getByRole('button', { name: L.usarLote }));
    expect(onElegir).toHaveBeenLastCalledWith({ id: 11, codigo: 'J-VIEJO', vence: '2026-01-10' });
  });

  it('abre en el lote ya elegido; Cancelar no cambia nada', async () => {
    const { onElegir, onCancelar } = pintar({ ...JARABE, lote: { id: 13, codigo: 'J-LEJOS', vence: '2028-07-20' } });
    expect(((await screen.findByRole('radio', { name: /J-LEJOS/ })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: L.cancelarLote }));
    expect(onCancelar).toHaveBeenCalled();
    expect(onElegir).not.toHaveBeenCalled();
  });

  it('FEFO: el primero que vence sin vencer; si no hay, las unidades sin lote', () => {
    expect(loteFefo(LOTES.lotes)?.codigo).toBe('J-PRONTO');
    expect(loteFefo([LOTES.lotes[0]!, LOTES.lotes[3]!])?.codigo).toBeNull();
  });
});

describe('el lote viaja con la línea hasta el cobro', () => {
  it('la línea de un producto con lotes lo marca; el lote elegido va en el pedido como loteId, solo en su línea', () => {
    const p = { id: 5, nombre: 'Jarabe', marca: null, precio: 9_000, stock: 13, codigoBarras: null, unidad: '94', manejaLotes: true };
    let lineas = agregarProducto([], p, 1);
    expect(lineas[0]).toMatchObject({ lotes: true });
    expect(lineas[0]).not.toHaveProperty('lote');
    lineas = fijarLote(lineas, '5', { id: 12, codigo: 'J-PRONTO', vence: '2027-03-05' });
    // Its box of 6 added afterwards starts at FEFO: the chosen lot covers its own line only (the server takes it so).
    lineas = agregarProducto(lineas, { ...p, precio: 50_000, unidadVenta: { id: 3, nombre: 'Caja x6', factor: 6 } }, 1);
    expect(lineas.map((l) => l.lote?.id)).toEqual([12, undefined]);
    lineas = fijarLote(lineas, '5u3', { id: 14, codigo: 'J-LUEGO', vence: '2027-09-05' });
    expect(calcularPago(lineas, {}, undefined).lineasPedidas).toEqual([
      { productoId: 5, cantidad: 1, loteId: 12 },
      { productoId: 5, unidadVentaId: 3, cantidad: 1, loteId: 14 },
    ]);
    // Back to FEFO, the box alone: no loteId on it.
    lineas = fijarLote(lineas, '5u3', null);
    expect(calcularPago(lineas, {}, undefined).lineasPedidas.map((l) => 'loteId' in l)).toEqual([true, false]);
    // A product without lots takes none.
    expect(fijarLote(agregarProducto([], { ...p, id: 6, manejaLotes: false }, 1), '6', { id: 1, codigo: 'X', vence: '2027-01-01' })[0]).not.toHaveProperty('lote');
  });

  it('el carrito guardado conserva el lote elegido y descarta uno mal formado', () => {
    const bien = { ...JARABE, lote: { id: 12, codigo: 'J-PRONTO', vence: '2027-03-05' } };
    expect(parseCarrito([bien])[0]).toMatchObject({ lotes: true, lote: { id: 12, codigo: 'J-PRONTO', vence: '2027-03-05' } });
    expect(parseCarrito([{ ...JARABE, lote: { id: 'x' } }])[0]).not.toHaveProperty('lote');
  });

  it('en el carrito: el botón dice el lote (o el que vence primero) y abre el selector; sin red lo dice y no elige', () => {
    const onElegirLote = vi.fn();
    const props = { onCantidad: () => undefined, onEditarPeso: () => undefined, onListo: () => undefined, onVaciar: () => undefined, onEnEspera: () => undefined, onGenerarPago: () => undefined, onElegirLote };
    const { rerender } = render(<CarritoPanel {...props} lineas={[JARABE, { ...JARABE, id: 8, nombre: 'Gotas', lote: { id: 2, codigo: 'G-1', vence: '2027-01-31' } }]} />);
    fireEvent.click(screen.getByRole('button', { name: `${L.loteLinea(L.loteAutomatico)} · ${L.elegirLoteDe('Jarabe')}` }));
    expect(onElegirLote).toHaveBeenCalledWith('5');
    expect(screen.getByRole('button', { name: new RegExp(L.elegirLoteDe('Gotas')) }).textContent).toBe(L.loteLinea('G-1 · vence 31/01/2027'));
    rerender(<CarritoPanel {...props} lineas={[JARABE]} enLinea={false} />);
    expect(screen.queryByRole('button', { name: new RegExp(L.elegirLoteDe('Jarabe')) })).toBeNull();
    expect(screen.getByText(L.loteSinRed)).toBeTruthy();
  });
});
