import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastDuration, toastSuccess } from './alerts';

describe('toastSuccess', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('shows the title and text in a polite live region and goes away by itself', () => {
    toastSuccess('Producto registrado', 'Arroz se agregó a la lista de productos.');
    const region = document.querySelector('.app-toasts');
    expect(region?.getAttribute('role')).toBe('status');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(60);
    const toast = region!.querySelector('.app-toast');
    expect(toast?.querySelector('.app-toast__title')?.textContent).toBe('Producto registrado');
    expect(toast?.querySelector('.app-toast__text')?.textContent).toBe('Arroz se agregó a la lista de productos.');

    vi.advanceTimersByTime(toastDuration('Producto registrado', 'Arroz se agregó a la lista de productos.') + 200);
    expect(document.querySelector('.app-toast')).toBeNull();
    // No empty live region is left behind.
    expect(document.querySelector('.app-toasts')).toBeNull();
  });

  it('stacks several toasts and closes one with its button', () => {
    toastSuccess('Cliente registrado');
    vi.advanceTimersByTime(60);
    toastSuccess('Cliente actualizado');
    expect(document.querySelectorAll('.app-toast')).toHaveLength(2);
    document.querySelector<HTMLButtonElement>('.app-toast__close')!.click();
    vi.advanceTimersByTime(200);
    expect([...document.querySelectorAll('.app-toast__title')].map((t) => t.textContent)).toEqual(['Cliente actualizado']);
  });

  it('stays about 3 seconds, longer for a long text, never more than 6', () => {
    expect(toastDuration('Cliente eliminado')).toBe(3000);
    expect(toastDuration('Abono registrado', 'Se abonaron $ 10.000. Nuevo saldo: $ 20.000.')).toBeGreaterThan(3000);
    expect(toastDuration('x'.repeat(500))).toBe(6000);
  });
});
