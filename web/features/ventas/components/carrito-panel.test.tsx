import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { M } from '#shared/messages';
import type { LineaCarrito } from '../carrito';
import { CarritoPanel } from './carrito-panel';

/** Issue #52 point 7: "−2" typed as a quantity silently became 2. */
const ARROZ: LineaCarrito = { id: 7, nombre: 'Arroz Diana 500 g', marca: 'Diana', precio: 2_800, stock: 40, cantidad: 3, unidad: '94' };

function carrito() {
  const onCantidad = vi.fn();
  render(
    <CarritoPanel
      lineas={[ARROZ]}
      onCantidad={onCantidad}
      onEditarPeso={() => undefined}
      onListo={() => undefined}
      onVaciar={() => undefined}
      onEnEspera={() => undefined}
      onGenerarPago={() => undefined}
    />,
  );
  return { onCantidad, caja: screen.getByLabelText(M.ventas.cantidadDe(ARROZ.nombre)) as HTMLInputElement };
}

describe('la cantidad escrita en el carrito', () => {
  it('"-2" no se vuelve 2: la línea queda como estaba y se dice por qué', () => {
    const { onCantidad, caja } = carrito();
    fireEvent.change(caja, { target: { value: '-2' } });
    fireEvent.keyDown(caja, { key: 'Enter' });
    expect(onCantidad).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(M.ventas.cantidadNegativa);
    expect(caja.value).toBe('3');
    expect(caja.getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the message; a whole number is taken.
    fireEvent.change(caja, { target: { value: '12' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(caja, { key: 'Enter' });
    expect(onCantidad).toHaveBeenCalledWith('7', 12);
  });

  it('el signo menos tipográfico (−) también se rechaza', () => {
    const { onCantidad, caja } = carrito();
    fireEvent.change(caja, { target: { value: '−5' } });
    fireEvent.blur(caja);
    expect(onCantidad).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(M.ventas.cantidadNegativa);
  });
});
