import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importacion } from '#shared/messages/importacion';
import type { TFilaMuestra, TVistaPrevia } from '#shared/schemas/importacion';
import { saveSession } from '../../lib/session';
import ImportarPage from './importar-page';

// This screen's texts only: the catalogue splits per screen (issue #20).
const MI = importacion;

const fila = (n: number, extra: Partial<TFilaMuestra> = {}): TFilaMuestra => ({
  fila: n,
  accion: 'nuevo',
  nombre: `Producto ${n}`,
  codigoBarras: null,
  precio: 1000,
  stock: 3,
  costo: 500,
  impuesto: 'iva19',
  unidad: '94',
  stockMin: null,
  categoria: null,
  marca: null,
  presentacion: null,
  descripcion: null,
  proveedor: null,
  ...extra,
});

/** What the server answers for each page of a file of 60 products (issue #52 point 6). */
function vista(pagina: number): TVistaPrevia {
  const filas =
    pagina === 1
      ? [
          fila(2, { nombre: 'Queso costeño', unidad: 'KGM', stock: 12.5 }),
          fila(3, { accion: 'actualizar', nombre: 'Arroz', precio: 3100, cambios: ['precio'], antes: { precio: 2800 } }),
          ...Array.from({ length: 48 }, (_, i) => fila(i + 4)),
        ]
      : Array.from({ length: 10 }, (_, i) => fila(i + 52));
  return {
    columnas: ['Nombre', 'Precio', 'Costo', 'Impuesto', 'Unidad', 'Stock'],
    mapeo: { nombre: 'Nombre', precio: 'Precio', costo: 'Costo', impuesto: 'Impuesto', unidad: 'Unidad', stock: 'Stock' },
    resumen: { total: 60, nuevos: 59, actualizados: 1, sinCambios: 0, conError: 0 },
    errores: [],
    muestra: filas,
    pagina: { numero: pagina, porPagina: 50, paginas: 2 },
  };
}

const pedidos: { url: string; body: Record<string, unknown> | null }[] = [];
beforeEach(() => {
  pedidos.length = 0;
  localStorage.clear();
  saveSession('token', { tipo: 'tienda', documento: null, usuario: 'Tienda', tienda: 'Tienda', id_Tienda: 3, rol: 1, codigo_invitacion: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      pedidos.push({ url, body });
      if (url.includes('/plantilla/')) return new Response('Nombre;Precio\r\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="plantilla-productos.csv"' } });
      return new Response(JSON.stringify(vista(Number(body?.pagina ?? 1))), { status: 200 });
    }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:plantilla', revokeObjectURL: () => undefined }));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ImportarPage entidad="productos" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('la importación muestra su mano (issue #52 punto 6)', () => {
  it('la plantilla se descarga en Excel o CSV desde la pantalla', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: MI.plantillaTitulo })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MI.plantillaXlsx }));
    await waitFor(() => expect(pedidos.map((p) => p.url)).toContain('/api/importacion/productos/plantilla/xlsx'));
    fireEvent.click(screen.getByRole('button', { name: MI.plantillaCsv }));
    await waitFor(() => expect(pedidos.map((p) => p.url)).toContain('/api/importacion/productos/plantilla/csv'));
  });

  it('cada columna que se guardará, la cantidad con su unidad, lo que cambia marcado, y la página siguiente', async () => {
    renderPage();
    const archivo = new File(['Nombre;Precio\r\nQueso;24000\r\n'], 'catalogo.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText(MI.archivo), { target: { files: [archivo] } });
    const tabla = await screen.findByRole('table', { name: MI.muestraTitulo });
    const encabezados = within(tabla).getAllByRole('columnheader').map((th) => th.textContent);
    expect(encabezados).toEqual(['Fila', 'Acción', 'Nombre', 'Código', 'Precio', 'Costo', 'Impuesto', 'Unidad', 'Stock']);
    const queso = within(tabla).getByRole('row', { name: /Queso costeño/ });
    expect(within(queso).getAllByRole('cell').map((td) => td.textContent)).toEqual(['2', 'Nuevo', 'Queso costeño', '', '$ 1.000', '$ 500', 'IVA 19 %', 'Kilogramo (KGM)', '12,5 kg']);
    // The existing product's new price is marked, with what it is now.
    const arroz = within(tabla).getByRole('row', { name: /Arroz/ });
    const marcada = arroz.querySelector('mark');
    expect(marcada?.textContent).toBe('$ 3.100');
    expect(within(arroz).getByText(MI.antes('$ 2.800'))).toBeTruthy();
    expect(arroz.querySelectorAll('mark')).toHaveLength(1);

    // Rows 52 to 61 are on the second page.
    const paginas = screen.getByRole('navigation', { name: MI.paginacion });
    expect(within(paginas).getByText(MI.paginas(1, 2, 60))).toBeTruthy();
    expect((within(paginas).getByRole('button', { name: MI.paginaAnterior }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(paginas).getByRole('button', { name: MI.paginaSiguiente }));
    expect(await screen.findByRole('row', { name: /Producto 61/ })).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Queso costeño/ })).toBeNull();
    expect(within(paginas).getByText(MI.paginas(2, 2, 60))).toBeTruthy();
    const ultimo = pedidos.at(-1)!;
    expect(ultimo.url).toBe('/api/importacion/productos/vista-previa');
    expect(ultimo.body).toMatchObject({ pagina: 2, porPagina: 50, mapeo: vista(1).mapeo });
  });
});
