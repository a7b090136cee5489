import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Hola({ nombre }: { nombre: string }) {
  return <p>Hola, {nombre}</p>;
}

describe('preloadable', () => {
  it('renders a preloaded screen at once, never its Suspense fallback', async () => {
    const Pantalla = preloadable(async () => ({ default: Hola }));
    await Pantalla.preload();
    render(
      <Suspense fallback={<p>Cargando…</p>}>
        <Pantalla nombre="Ana" />
      </Suspense>,
    );
    // Synchronously, in the first commit: no fallback shown, hence no React throttle after it.
    expect(screen.getByText('Hola, Ana')).toBeTruthy();
    expect(screen.queryByText('Cargando…')).toBeNull();
  });

  it('suspends like React.lazy while its module has not arrived, then shows it', async () => {
    let llegar!: (m: { default: typeof Hola }) => void;
    const Pantalla = preloadable(() => new Promise<{ default: typeof Hola }>((r) => (llegar = r)));
    render(
      <Suspense fallback={<p>Cargando…</p>}>
        <Pantalla nombre="Luis" />
      </Suspense>,
    );
    expect(screen.getByText('Cargando…')).toBeTruthy();
    await act(async () => llegar({ default: Hola }));
    expect(await screen.findByText('Hola, Luis')).toBeTruthy();
  });

  it('asks again for a module that failed to load', async () => {
    let intentos = 0;
    const Pantalla = preloadable(async () => {
      intentos += 1;
      if (intentos === 1) throw new Error('chunk');
      return { default: Hola };
    });
    await expect(Pantalla.preload()).rejects.toThrow('chunk');
    await Pantalla.preload();
    expect(intentos).toBe(2);
  });
});
