import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { options } from 'preact';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field } from './field';

/** A date field with its value (ISO when whole, the text otherwise) shown beside it, as a form keeps it. */
function Forma({ inicial = '' }: { inicial?: string }) {
  const [v, setV] = useState(inicial);
  return (
    <>
      <Field label="Fecha" type="date" value={v} onChange={(e) => setV(e.target.value)} />
      <output data-testid="valor">{v}</output>
    </>
  );
}

describe('campo de fecha (issue #52 punto 7)', () => {
  it('ocho cifras tecleadas en el teclado numérico, sin barras, son DDMMAAAA', async () => {
    render(<Forma />);
    await userEvent.type(screen.getByLabelText('Fecha'), '01112026');
    expect((screen.getByLabelText('Fecha') as HTMLInputElement).value).toBe('01/11/2026');
    expect(screen.getByTestId('valor').textContent).toBe('2026-11-01');
  });

  it('las ocho cifras que llegan de una vez sobre una fecha escrita (un teclado que confirma la palabra entera) también valen', () => {
    render(<Forma inicial="2025-03-15" />);
    const campo = screen.getByLabelText<HTMLInputElement>('Fecha');
    expect(campo.value).toBe('15/03/2025');
    fireEvent.change(campo, { target: { value: '01112026' } });
    expect(screen.getByTestId('valor').textContent).toBe('2026-11-01');
    fireEvent.blur(campo);
    expect(campo.value).toBe('01/11/2026');
  });

  describe('con el navegador ocupado (ADR 082: Preact detrás de `react`)', () => {
    afterEach(() => {
      options.debounceRendering = undefined;
      vi.unstubAllGlobals();
    });

    /** Types each digit as a browser does: at the end of the text, an input event outside any act, then a moment. */
    async function teclearSinAct(campo: HTMLInputElement, cifras: string, despuesDeCada: (i: number) => void = () => undefined) {
      for (const [i, cifra] of [...cifras].entries()) {
        campo.value += cifra;
        campo.dispatchEvent(new InputEvent('input', { bubbles: true, data: cifra, inputType: 'insertText' }));
        await new Promise((r) => setTimeout(r, 0));
        despuesDeCada(i);
      }
    }

    it('15032030 tecleado antes de que corran los efectos del render anterior es 15/03/2030, no 15/32/030', async () => {
      // Renders come at once (Preact's render queue), effects after the next frame: each key arrives
      // before them. FechaInput's effect from the render before a key must not put that render's text
      // back (the journey's "15/32/030" in mostrador-pantallas.spec.ts 12).
      // No frame comes while typing (a busy machine): effects wait for their 35 ms.
      vi.stubGlobal('requestAnimationFrame', () => 1);
      vi.stubGlobal('cancelAnimationFrame', () => undefined);
      render(<Forma />);
      const campo = screen.getByLabelText<HTMLInputElement>('Fecha');
      campo.focus();
      await teclearSinAct(campo, '15032030');
      await new Promise((r) => setTimeout(r, 50));
      expect(campo.value).toBe('15/03/2030');
      expect(screen.getByTestId('valor').textContent).toBe('2030-03-15');
    });

    it('y si el render mismo llega después de la tecla siguiente, el campo no recibe entre tanto el texto del render anterior', async () => {
      render(<Forma />);
      // Preact's render queue held back: each render comes after the next key. Giving the rendered
      // value back before the render (two microtasks after the handler) would write the previous
      // render's text, and the next key would land on it.
      const cola: (() => void)[] = [];
      options.debounceRendering = (cb) => void cola.push(cb);
      const campo = screen.getByLabelText<HTMLInputElement>('Fecha');
      campo.focus();
      await teclearSinAct(campo, '15032030', (i) => {
        if (i % 2 === 1) for (const cb of cola.splice(0)) cb();
      });
      for (const cb of cola.splice(0)) cb();
      await new Promise((r) => setTimeout(r, 50));
      expect(campo.value).toBe('15/03/2030');
      expect(screen.getByTestId('valor').textContent).toBe('2030-03-15');
    });
  });
});
