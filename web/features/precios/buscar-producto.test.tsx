import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BuscarProducto, type Producto } from './buscar-producto';

function Formulario({ inicial, onElegir }: { inicial: Producto | null; onElegir: (p: Producto | null) => void }) {
  const [valor, setValor] = useState(inicial);
  return (
    <>
      <BuscarProducto
        label="Producto"
        placeholder="Buscar producto"
        valor={valor}
        onElegir={(p) => {
          onElegir(p);
          setValor(p);
        }}
      />
      <button type="button" onClick={() => setValor(null)}>
        Limpiar
      </button>
    </>
  );
}

describe('BuscarProducto', () => {
  it('al escribir tras elegir, suelta el producto y conserva lo escrito; elegir otro lo muestra; limpiar el formulario borra el texto', async () => {
    const roa = { id: 9, nombre: 'Arroz Roa', precio: 3200 };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ items: [roa], total: 1, page: 1, pageSize: 20 }), { status: 200, headers: { 'content-type': 'application/json' } })));
    localStorage.setItem('token', 'tok');
    const onElegir = vi.fn();
    render(<Formulario inicial={{ id: 4, nombre: 'Arroz Diana' }} onElegir={onElegir} />);
    const campo = screen.getByLabelText('Producto') as HTMLInputElement;
    expect(campo.value).toBe('Arroz Diana');
    fireEvent.change(campo, { target: { value: 'Arroz Diana 500' } });
    expect(onElegir).toHaveBeenCalledWith(null);
    expect(campo.value).toBe('Arroz Diana 500');
    fireEvent.change(campo, { target: { value: 'Arroz R' } });
    fireEvent.click(await screen.findByRole('button', { name: /Arroz Roa/ }));
    expect(onElegir).toHaveBeenLastCalledWith({ id: 9, nombre: 'Arroz Roa' });
    expect(campo.value).toBe('Arroz Roa');
    fireEvent.click(screen.getByText('Limpiar'));
    expect(campo.value).toBe('');
    vi.unstubAllGlobals();
  });
});
