import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formatNumber, formatPesos, parsePesos } from '#shared/money';
import { formatearMonto, MoneyField } from './money-field';

// Any integer amount from 0 to 10^15 (still exact in JavaScript): fc.integer stops at 2^31 − 1.
const monto = fc.bigInt({ min: 0n, max: 10n ** 15n }).map(Number);

describe('pesos (shared/money)', () => {
  it('propiedad: parsePesos lee de vuelta lo que muestran formatPesos y formatNumber', () => {
    fc.assert(
      fc.property(monto, (n) => {
        expect(parsePesos(formatPesos(n))).toBe(n);
        expect(parsePesos(formatNumber(n))).toBe(n);
      }),
    );
  });

  it('propiedad: los puntos van cada tres cifras desde la derecha', () => {
    fc.assert(
      fc.property(monto, (n) => {
        expect(formatNumber(n)).toMatch(/^\d{1,3}(\.\d{3})*$/);
        expect(formatNumber(n).replaceAll('.', '')).toBe(String(n));
        expect(formatPesos(n)).toBe(`$ ${formatNumber(n)}`);
      }),
    );
  });

  it('montos concretos como los ve el cajero', () => {
    expect(formatPesos(1_000_000_000_000)).toBe('$ 1.000.000.000.000');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1.000');
    expect(parsePesos('$ 1.000.000')).toBe(1_000_000);
  });
});

describe('formatearMonto', () => {
  it('pone los puntos de miles mientras se escribe', () => {
    expect(formatearMonto('20000')).toBe('20.000');
    expect(formatearMonto('2')).toBe('2');
    expect(formatearMonto('1234567')).toBe('1.234.567');
    // What the field holds after one more digit is typed at the end of "20.000".
    expect(formatearMonto('20.0005')).toBe('200.005');
  });

  it('quita los ceros a la izquierda, pero un cero solo se queda', () => {
    expect(formatearMonto('000123')).toBe('123');
    expect(formatearMonto('0')).toBe('0');
    expect(formatearMonto('000')).toBe('0');
    expect(formatearMonto('0.500')).toBe('500');
  });

  it('descarta lo que no es cifra: "$", espacios, letras, la coma no es decimal', () => {
    expect(formatearMonto('$ 12.500')).toBe('12.500');
    expect(formatearMonto('12,5')).toBe('125');
    expect(formatearMonto('-4500')).toBe('4.500');
    expect(formatearMonto('abc')).toBe('');
    expect(formatearMonto('')).toBe('');
  });

  it('no pasa de 15 cifras', () => {
    expect(formatearMonto('1234567890123456789')).toBe('123.456.789.012.345');
    expect(formatearMonto('999999999999999')).toBe('999.999.999.999.999');
  });

  it('propiedad: lo que muestra se lee con parsePesos como las cifras escritas (hasta 15)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.$ ,-a'.split('')), maxLength: 30 }), (texto) => {
        const mostrado = formatearMonto(texto);
        const cifras = texto.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 15);
        expect(mostrado === '' ? null : parsePesos(mostrado)).toBe(cifras === '' ? null : Number(cifras));
        expect(formatearMonto(mostrado)).toBe(mostrado);
      }),
    );
  });
});

describe('<MoneyField>', () => {
  function Monto({ onValue, inicial = '' }: { onValue?: (v: string) => void; inicial?: string }) {
    const [value, setValue] = useState(inicial);
    return (
      <MoneyField
        label="Monto recibido"
        value={value}
        onValue={(v) => {
          onValue?.(v);
          setValue(v);
        }}
      />
    );
  }

  it('muestra el monto con puntos mientras se teclea y avisa cada valor formateado', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Monto onValue={onValue} />);
    const input = screen.getByLabelText('Monto recibido');
    expect(input).toHaveProperty('inputMode', 'numeric');
    expect(input).toHaveProperty('type', 'text');

    await user.type(input, '20000');
    expect(input).toHaveProperty('value', '20.000');
    expect(onValue.mock.calls.map(([v]) => v)).toEqual(['2', '20', '200', '2.000', '20.000']);
    expect(parsePesos((input as HTMLInputElement).value)).toBe(20_000);
  });

  it('letras y signos tecleados no entran; un monto pegado con "$" y puntos queda con puntos', async () => {
    const user = userEvent.setup();
    render(<Monto />);
    const input = screen.getByLabelText('Monto recibido');
    await user.type(input, 'a5b0,0');
    expect(input).toHaveProperty('value', '500');
    await user.clear(input);
    await user.click(input);
    await user.paste('$ 1.250.000');
    expect(input).toHaveProperty('value', '1.250.000');
  });

  it('borrar hasta vaciarlo deja el campo vacío (no "0")', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Monto inicial="1.500" onValue={onValue} />);
    const input = screen.getByLabelText('Monto recibido');
    await user.click(input);
    await user.keyboard('{End}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input).toHaveProperty('value', '');
    expect(onValue).toHaveBeenLastCalledWith('');
  });
});
