import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BotonEnviar } from './boton-enviar';

describe('BotonEnviar', () => {
  it('mientras envía no se puede volver a pulsar y dice qué está haciendo', () => {
    const { rerender } = render(<BotonEnviar enviando={false} texto="Guardar" enviandoTexto="Guardando…" />);
    expect((screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(false);
    rerender(<BotonEnviar enviando texto="Guardar" enviandoTexto="Guardando…" />);
    expect((screen.getByRole('button', { name: 'Guardando…' }) as HTMLButtonElement).disabled).toBe(true);
    // Without words for the wait, the button keeps its own.
    rerender(<BotonEnviar enviando texto="Guardar" />);
    expect((screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
