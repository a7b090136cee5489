import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TClienteVenta } from '#shared/schemas/venta';
import type { useMetodosPago } from '../api/metodos-pago';
import { ESTADO_INICIAL, type Pago } from '../use-pago';
import { PagoCobro } from './pago-cobro';

/** ADR 054: Puntos is offered only online, to a chosen customer who has points. */
const METODOS = { isPending: false, isError: false, data: [{ id: 5, nombre: 'Efectivo' }, { id: 8, nombre: 'Puntos' }] } as unknown as ReturnType<typeof useMetodosPago>;
const CLIENTE: TClienteVenta = { id: 3, documento: '1020304050', nombre: 'Ana Ruiz', puntos: { saldo: 120, valorPunto: 10 } };

function cobro(cliente: TClienteVenta | null, metodo: number = ESTADO_INICIAL.metodo) {
  const pago = { s: { ...ESTADO_INICIAL, cliente, metodo }, dispatch: vi.fn(), texto: () => ({ value: '', onChange: vi.fn() }) } as unknown as Pago;
  render(<PagoCobro pago={pago} total={1_000} metodos={METODOS} montoRef={null} elegirMetodo={vi.fn()} cobrarCon={vi.fn()} />);
}

const conRed = (valor: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(valor);
  act(() => void window.dispatchEvent(new Event(valor ? 'online' : 'offline')));
};

afterEach(() => vi.restoreAllMocks());

describe('PagoCobro: el medio Puntos', () => {
  it('en línea, con un cliente con puntos, ofrece Puntos con su saldo en pesos', () => {
    conRed(true);
    cobro(CLIENTE);
    expect(screen.getByRole('radio', { name: /Puntos/ })).toBeTruthy();
    expect(screen.getByText(/120 puntos \(\$\s?1\.200\)/)).toBeTruthy();
  });

  it('sin cliente no ofrece Puntos', () => {
    conRed(true);
    cobro(null);
    expect(screen.queryByRole('radio', { name: /Puntos/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /Efectivo/ })).toBeTruthy();
  });

  it('sin conexión no ofrece Puntos aunque el cliente tenga saldo (la sincronización lo rechazaría)', () => {
    conRed(false);
    cobro(CLIENTE);
    expect(screen.queryByRole('radio', { name: /Puntos/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /Efectivo/ })).toBeTruthy();
  });

  it('elegido Puntos: dice cuántos puntos usa y cuántos le quedan, sin monto recibido ni referencia', () => {
    conRed(true);
    cobro(CLIENTE, 8);
    expect(screen.getByTestId('pago-puntos').textContent).toMatch(/^Se usan 100 puntos del cliente \(\$\s?1\.000\); le quedan 20\.$/);
    expect(screen.queryByLabelText('Monto recibido')).toBeNull();
    expect(screen.queryByText(/Referencia/)).toBeNull();
  });

  it('elegido Puntos sin saldo suficiente: lo dice antes de cobrar', () => {
    conRed(true);
    cobro({ ...CLIENTE, puntos: { saldo: 40, valorPunto: 10 } }, 8);
    expect(screen.getByTestId('pago-puntos').textContent).toBe('El cliente tiene 40 puntos y esta venta necesita 100. Elija otro medio de pago.');
  });
});
