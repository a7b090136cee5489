import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from '../components/ui/field';
import { useValidatedForm } from './use-validated-form';

const ZDatos = z.object({ codigo: z.string().uuid('Escriba un UUID.'), nota: z.string() });

function Formulario() {
  const { formRef, bind, onSubmit } = useValidatedForm({
    schema: ZDatos,
    initial: { codigo: '', nota: '' },
    submit: async () => undefined,
    onFailure: () => undefined,
  });
  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate>
      <Field label="Código" {...bind('codigo')} />
      <Field label="Nota" {...bind('nota')} />
      <button type="submit">Guardar</button>
    </form>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useValidatedForm', () => {
  it('el foco va al primer campo inválido en cuanto se ve su mensaje, sin esperar un cuadro del navegador', async () => {
    // A busy or headless browser may hold its frames back: here they never come. Focus that waited for
    // one moved later, after the person had gone on to the next field, and took what they typed there.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    render(<Formulario />);
    screen.getByLabelText('Nota').focus();
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Guardar' }).closest('form')!);
    });
    expect(screen.getByText('Escriba un UUID.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Código'));
    // Moving on is not undone: typing in the next field stays there.
    screen.getByLabelText('Nota').focus();
    await act(async () => undefined);
    expect(document.activeElement).toBe(screen.getByLabelText('Nota'));
  });
});
