import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#shared/errors';
import { puntos as P } from '#shared/messages/puntos';
import type { TPuntosConfiguracion } from '#shared/schemas/puntos';
import { PuntosForm } from './puntos-page';

const h = vi.hoisted(() => ({ api: vi.fn(), toast: vi.fn(), fallo: vi.fn() }));
vi.mock('../../lib/api-client', () => ({ api: h.api }));
vi.mock('../../lib/alerts', () => ({ toastSuccess: h.toast, alertFailure: h.fallo }));

function pintar(inicial: TPuntosConfiguracion) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <PuntosForm inicial={inicial} />
    </QueryClientProvider>,
  );
}

const escribir = (label: string, valor: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: valor } });

/** Issue #59 point 3, ADR 054: the owner turns points on and sets their two numbers, bounded, in Spanish. */
describe('PuntosForm', () => {
  beforeEach(() => {
    h.api.mockReset();
    h.toast.mockReset();
    h.fallo.mockReset();
  });

  it('enciende los puntos con sus valores: manda números enteros, avisa con un toast y muestra el ejemplo', async () => {
    h.api.mockImplementation(async (_ruta: string, o: { body: unknown }) => o.body);
    pintar({ activo: false, pesosPorPunto: 1000, valorPunto: 1 });
    expect((screen.getByLabelText(P.pesosPorPunto) as HTMLInputElement).value).toBe('1.000');
    fireEvent.click(screen.getByLabelText(P.activo));
    escribir(P.pesosPorPunto, '2000');
    escribir(P.valorPunto, '20');
    expect((screen.getByLabelText(P.pesosPorPunto) as HTMLInputElement).value).toBe('2.000');
    expect(screen.getByTestId('puntos-ejemplo').textContent).toBe(P.ejemplo(2000, 20));
    fireEvent.click(screen.getByRole('button', { name: P.guardar }));
    await waitFor(() => expect(h.toast).toHaveBeenCalledWith(P.guardado));
    expect(h.api).toHaveBeenCalledWith('/puntos/configuracion', { method: 'PUT', body: { activo: true, pesosPorPunto: 2000, valorPunto: 20 } });
  });

  it('fuera de los límites: cada campo dice su error, no se manda nada; corregido, el error se va', async () => {
    pintar({ activo: true, pesosPorPunto: 1000, valorPunto: 1 });
    escribir(P.pesosPorPunto, '50');
    escribir(P.valorPunto, '');
    expect(screen.queryByTestId('puntos-ejemplo')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: P.guardar }));
    expect(await screen.findByText(P.pesosInvalidos)).toBeTruthy();
    expect(screen.getByText(P.valorInvalido)).toBeTruthy();
    expect(h.api).not.toHaveBeenCalled();
    escribir(P.pesosPorPunto, '500');
    expect(screen.queryByText(P.pesosInvalidos)).toBeNull();
    expect(screen.getByText(P.valorInvalido)).toBeTruthy();
  });

  it('el servidor lo rechaza (otro rol): su mensaje en español, sin toast', async () => {
    const err = new AppError('FORBIDDEN', P.soloAdministrador);
    h.api.mockRejectedValue(err);
    pintar({ activo: true, pesosPorPunto: 1000, valorPunto: 1 });
    fireEvent.click(screen.getByRole('button', { name: P.guardar }));
    await waitFor(() => expect(h.fallo).toHaveBeenCalledWith(err));
    expect(h.toast).not.toHaveBeenCalled();
  });
});
