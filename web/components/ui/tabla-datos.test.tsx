import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListState } from './list-state';
import { TablaDatos, type Columna } from './tabla-datos';

type Fila = { id: number; nombre: string; precio: string };
const filas: Fila[] = [
  { id: 1, nombre: 'Arroz 500 g', precio: '$ 2.800' },
  { id: 2, nombre: 'Leche entera 1 L', precio: '$ 4.200' },
];
const columnas: Columna<Fila>[] = [
  { header: 'Nombre', cell: (f) => f.nombre },
  { header: 'Precio', num: true, cell: (f) => f.precio },
];
const boton = (texto: string) => (f: Fila) => <button type="button">{`${texto} ${f.nombre}`}</button>;

describe('TablaDatos', () => {
  it('encabezados legibles, una fila por registro, las cifras a la derecha y con su nombre en el teléfono', () => {
    render(<TablaDatos caption="Productos" columns={columnas} rows={filas} rowKey={(f) => f.id} />);
    const tabla = screen.getByRole('table', { name: 'Productos' });
    expect(within(tabla).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nombre', 'Precio']);
    expect(within(tabla).getAllByRole('row')).toHaveLength(3);
    const precio = within(tabla).getByRole('cell', { name: '$ 2.800' });
    expect(precio.className).toContain('num');
    expect(precio.getAttribute('data-label')).toBe('Precio');
  });

  it('las acciones quedan fijas a la derecha: cada columna de acción se corre el ancho de las que siguen', () => {
    render(
      <TablaDatos
        caption="Productos"
        columns={columnas}
        rows={filas}
        rowKey={(f) => f.id}
        acciones={[
          { header: 'Modificar', width: '7.25rem', cell: boton('Modificar') },
          { header: 'Eliminar', width: '6.5rem', cell: boton('Eliminar') },
        ]}
      />,
    );
    const [modificar, eliminar] = screen.getAllByRole('columnheader').slice(2) as [HTMLElement, HTMLElement];
    expect(modificar.textContent).toBe('Modificar');
    expect(modificar.className).toContain('tabla-datos__accion');
    expect(modificar.className).toContain('tabla-datos__accion--first');
    expect(modificar.style.right).toBe('calc(6.5rem)');
    expect(eliminar.style.right).toBe('0px');
    const celda = screen.getByRole('button', { name: 'Eliminar Arroz 500 g' }).closest('td')!;
    expect(celda.className).toContain('tabla-datos__accion');
    expect(celda.style.right).toBe('0px');
    // The table scrolls inside its own box: nothing is cut by the page.
    expect(screen.getByRole('table').parentElement!.className).toContain('tabla-datos-wrap');
  });

  it('sin encabezado, la columna de acciones se llama "Acciones" para los lectores de pantalla', () => {
    render(<TablaDatos caption="Productos" columns={columnas} rows={filas} rowKey={(f) => f.id} acciones={[{ cell: boton('Eliminar') }]} />);
    const th = screen.getAllByRole('columnheader')[2]!;
    expect(th.textContent).toBe('Acciones');
    expect(th.querySelector('.visually-hidden')).not.toBeNull();
  });

  it('vacía: los encabezados quedan y una fila a todo lo ancho lo dice', () => {
    render(<TablaDatos caption="Productos" columns={columnas} rows={[]} rowKey={(f: Fila) => f.id} acciones={[{ cell: boton('Eliminar') }]} vacio="Todavía no hay registros." />);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    const celda = screen.getByRole('cell', { name: 'Todavía no hay registros.' });
    expect(celda.getAttribute('colspan')).toBe('3');
  });

  it('un clic en la fila la abre; la página siguiente cargando marca la tabla ocupada', () => {
    const abrir = vi.fn();
    render(<TablaDatos caption="Productos" columns={columnas} rows={filas} rowKey={(f) => f.id} onRowClick={abrir} busy />);
    fireEvent.click(screen.getByRole('cell', { name: 'Leche entera 1 L' }));
    expect(abrir).toHaveBeenCalledWith(filas[1], expect.anything());
    expect(screen.getByRole('table').parentElement!.getAttribute('aria-busy')).toBe('true');
  });
});

describe('ListState', () => {
  const base = { isPending: false, isError: false, fetchStatus: 'idle', data: undefined, refetch: vi.fn() };

  it('cargando: barras grises, ocupado, y el texto para los lectores de pantalla', () => {
    render(
      <ListState query={{ ...base, isPending: true, fetchStatus: 'fetching' }} loading="Cargando productos…" failed="No se pudo" empty="Nada">
        {() => null}
      </ListState>,
    );
    const estado = screen.getByRole('status');
    expect(estado.getAttribute('aria-busy')).toBe('true');
    expect(estado.textContent).toBe('Cargando productos…');
    expect(estado.querySelectorAll('.skeleton__bar').length).toBeGreaterThan(0);
  });

  it('apagada (filtros que no se pueden pedir): no muestra nada', () => {
    const { container } = render(
      <ListState query={{ ...base, isPending: true }} loading="Cargando…" failed="No se pudo" empty="Nada">
        {() => 'filas'}
      </ListState>,
    );
    expect(container.textContent).toBe('');
  });

  it('falló: el porqué y Reintentar', () => {
    const refetch = vi.fn();
    render(
      <ListState query={{ ...base, isError: true, error: new Error('x'), refetch }} loading="Cargando…" failed={(e) => `Falló: ${(e as Error).message}`} empty="Nada">
        {() => null}
      </ListState>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Falló: x');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('vacía o con filas y su paginador', () => {
    const { rerender } = render(
      <ListState query={{ ...base, data: { items: [] as string[] } }} loading="Cargando…" failed="No se pudo" empty="Ningún producto coincide.">
        {(items) => items.join(',')}
      </ListState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Ningún producto coincide.');
    rerender(
      <ListState query={{ ...base, data: { items: ['a', 'b'] } }} loading="Cargando…" failed="No se pudo" empty="Nada" pager={{ page: 1, pageSize: 2, total: 5, onPage: vi.fn() }}>
        {(items) => items.join(',')}
      </ListState>,
    );
    expect(screen.getByText('a,b')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Paginación' }).textContent).toContain('Página 1 de 3');
  });
});
