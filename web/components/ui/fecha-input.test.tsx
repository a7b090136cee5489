import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
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
});
