import { useState } from 'react';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useEscaner } from './use-escaner';

function Till({ onCodigo }: { onCodigo: (c: string) => void }) {
  useEscaner(onCodigo);
  return (
    <>
      <button type="button">Vaciar</button>
      <input aria-label="Cantidad" />
    </>
  );
}

/** Keys with the given gap in ms, then Enter. */
const teclear = (target: Element, text: string, gap: number) => {
  let t = 1000;
  const now = vi.spyOn(performance, 'now').mockImplementation(() => t);
  for (const key of text) {
    t += gap;
    fireEvent.keyDown(target, { key });
  }
  t += gap;
  const result = fireEvent.keyDown(target, { key: 'Enter' });
  now.mockRestore();
  return result;
};

describe('useEscaner', () => {
  it('takes a fast burst ending in Enter as a scan, even with a button focused', () => {
    const onCodigo = vi.fn();
    const { getByRole } = render(<Till onCodigo={onCodigo} />);
    const boton = getByRole('button');
    boton.focus();
    const notCancelled = teclear(boton, '7702001234567', 10);
    expect(onCodigo).toHaveBeenCalledWith('7702001234567');
    expect(notCancelled).toBe(false);
  });

  it('tolerates one late key in a burst (a busy machine)', () => {
    const onCodigo = vi.fn();
    render(<Till onCodigo={onCodigo} />);
    let t = 1000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => t);
    for (const [i, key] of [...'7702001234567'].entries()) {
      t += i === 1 ? 120 : 8;
      fireEvent.keyDown(document.body, { key });
    }
    t += 8;
    fireEvent.keyDown(document.body, { key: 'Enter' });
    now.mockRestore();
    expect(onCodigo).toHaveBeenCalledWith('7702001234567');
  });

  it('a click between the keys and the Enter ends the burst: no scan', () => {
    const onCodigo = vi.fn();
    const { getByRole } = render(<Till onCodigo={onCodigo} />);
    let t = 1000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => t);
    for (const key of '52123456') {
      t += 8;
      fireEvent.keyDown(document.body, { key });
    }
    t += 8;
    fireEvent.pointerDown(getByRole('button'));
    t += 8;
    const notCancelled = fireEvent.keyDown(document.body, { key: 'Enter' });
    now.mockRestore();
    expect(onCodigo).not.toHaveBeenCalled();
    expect(notCancelled).toBe(true);
  });

  it('ignores people typing, short codes and text fields', () => {
    const onCodigo = vi.fn();
    const { getByRole } = render(<Till onCodigo={onCodigo} />);
    teclear(document.body, '7702001234567', 120);
    teclear(document.body, '12345', 10);
    const campo = getByRole('textbox');
    campo.focus();
    teclear(campo, '7702001234567', 10);
    expect(onCodigo).not.toHaveBeenCalled();
  });

  it('at the till (enCampos) takes a scan typed into a quantity and gives the field back its value', () => {
    const onCodigo = vi.fn();
    const onEnter = vi.fn();
    function Caja() {
      useEscaner(onCodigo, true, { enCampos: true });
      const [valor, setValor] = useState('1');
      return <input aria-label="Cantidad" value={valor} onChange={(e) => setValor(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && onEnter()} />;
    }
    const { getByRole } = render(<Caja />);
    const campo = getByRole('textbox') as HTMLInputElement;
    campo.focus();
    // What a browser does with each key the page did not take: it lands in the field.
    let t = 1000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => t);
    for (const key of '7702001234567') {
      t += 5;
      if (fireEvent.keyDown(campo, { key })) fireEvent.change(campo, { target: { value: campo.value + key } });
    }
    t += 5;
    fireEvent.keyDown(campo, { key: 'Enter' });
    now.mockRestore();
    expect(onCodigo).toHaveBeenCalledWith('7702001234567');
    expect(campo.value).toBe('1');
    expect(onEnter).not.toHaveBeenCalled();
  });

  it('at the till a name typed fast into a field is not a code', () => {
    const onCodigo = vi.fn();
    function Caja() {
      useEscaner(onCodigo, true, { enCampos: true });
      return <input aria-label="Buscar" />;
    }
    const { getByRole } = render(<Caja />);
    const campo = getByRole('textbox');
    campo.focus();
    teclear(campo, 'aceite de girasol', 5);
    teclear(campo, 'arroz500', 120);
    expect(onCodigo).not.toHaveBeenCalled();
  });
});
