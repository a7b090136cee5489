import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { cantidadPorValor, importeLinea } from '#shared/cantidad';
import { ventas } from '#shared/messages/ventas';
import { calcularDialogo, DialogoCantidad } from './dialogo-cantidad';

const P = ventas.peso;
const queso = { nombre: 'Queso campesino', precio: 12_000, unidad: 'KGM', stock: 5 };

describe('el diálogo por peso / por valor (issue #33, ADR 030)', () => {
  it('por peso: 0,375 kg a $ 12.000/kg muestra $ 4.500 antes de agregar, y Enter agrega 0,375', async () => {
    const onConfirmar = vi.fn();
    render(<DialogoCantidad producto={queso} onConfirmar={onConfirmar} onCancelar={() => {}} />);
    expect(screen.getByRole('tab', { name: P.porPeso }).getAttribute('aria-selected')).toBe('true');
    const campo = screen.getByLabelText(P.pesoLabel('kg'));
    await userEvent.type(campo, '0,375');
    const resultado = screen.getByTestId('peso-resultado');
    expect(resultado.textContent).toContain('0,375 kg');
    expect(resultado.textContent).toContain('$ 4.500');
    await userEvent.keyboard('{Enter}');
    expect(onConfirmar).toHaveBeenCalledWith(0.375);
  });

  it('por valor: "$ 500" de un producto a $ 12.000/kg da 0,042 kg y cobra $ 500 exactos (issue #52 punto 4)', async () => {
    const onConfirmar = vi.fn();
    render(<DialogoCantidad producto={queso} onConfirmar={onConfirmar} onCancelar={() => {}} />);
    await userEvent.click(screen.getByRole('tab', { name: P.porValor }));
    await userEvent.type(screen.getByLabelText(P.valorLabel), '500');
    const resultado = screen.getByTestId('peso-resultado');
    expect(resultado.textContent).toContain('0,042 kg');
    expect(resultado.textContent).toContain('$ 500');
    expect(resultado.textContent).not.toContain('$ 504');
    await userEvent.click(screen.getByRole('button', { name: P.agregar }));
    expect(onConfirmar).toHaveBeenCalledWith(0.042, 500);
  });

  it('por valor: "$ 2.000" de arroz a $ 4.800/kg da 0,417 kg y cobra $ 2.000, no $ 2.002', async () => {
    const onConfirmar = vi.fn();
    render(<DialogoCantidad producto={{ nombre: 'Arroz', precio: 4_800, unidad: 'KGM', stock: 50 }} onConfirmar={onConfirmar} onCancelar={() => {}} />);
    await userEvent.click(screen.getByRole('tab', { name: P.porValor }));
    await userEvent.type(screen.getByLabelText(P.valorLabel), '2000');
    const resultado = screen.getByTestId('peso-resultado');
    expect(resultado.textContent).toContain('0,417 kg');
    expect(resultado.textContent).toContain('$ 2.000');
    expect(resultado.textContent).not.toContain('$ 2.002');
    await userEvent.keyboard('{Enter}');
    expect(onConfirmar).toHaveBeenCalledWith(0.417, 2_000);
  });

  it('una cantidad mal escrita no agrega nada y dice por qué; Cancelar cierra sin agregar', async () => {
    const onConfirmar = vi.fn();
    const onCancelar = vi.fn();
    render(<DialogoCantidad producto={{ ...queso, unidad: 'LTR', nombre: 'Aceite' }} onConfirmar={onConfirmar} onCancelar={onCancelar} />);
    expect(screen.getByRole('tab', { name: P.porMedida })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(P.medidaLabel('L')), '0,3755');
    await userEvent.keyboard('{Enter}');
    expect(onConfirmar).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(P.cantidadInvalida('L'));
    await userEvent.click(screen.getByRole('button', { name: P.cancelar }));
    expect(onCancelar).toHaveBeenCalled();
  });

  it('al cambiar una línea abre con su cantidad, avisa si pasa del stock y el botón dice Cambiar', async () => {
    const onConfirmar = vi.fn();
    render(<DialogoCantidad producto={{ ...queso, stock: 0.5 }} cantidad={0.375} onConfirmar={onConfirmar} onCancelar={() => {}} />);
    const campo = screen.getByLabelText(P.pesoLabel('kg'));
    expect((campo as HTMLInputElement).value).toBe('0,375');
    await userEvent.clear(campo);
    await userEvent.type(campo, '0,6');
    expect(screen.getByTestId('peso-resultado').textContent).toContain(P.soloHay('0,5 kg'));
    await userEvent.click(screen.getByRole('button', { name: P.cambiar }));
    expect(onConfirmar).toHaveBeenCalledWith(0.6);
  });

  it('propiedad: por valor, la cantidad es cantidadPorValor y lo cobrado es el valor pedido, exacto', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000_000 }), (valor, precio) => {
        const r = calcularDialogo('valor', String(valor), precio);
        const m = cantidadPorValor(valor, precio);
        if (m === null) {
          expect(r).toBeNull();
          return;
        }
        expect(r).toEqual({ milesimas: m, importe: valor, valor });
        // The quantity × price rounded is within half a thousandth's price (and the rounding) of what was asked.
        expect(Math.abs(importeLinea(precio, m) - valor)).toBeLessThanOrEqual(precio / 2000 + 1);
      }),
    );
  });
});
