import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crud } from '#shared/messages/crud';
import type { TCreditoRow, TFacturaRow, TProductoRow, TVentaRow } from '#shared/schemas/crud';
import { saveSession } from '../../../lib/session';
import CrudRoutes from '../crud-routes';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

const cargo: TCreditoRow = {
  idCreditoMovimiento: 41,
  fecha: '2026-03-14',
  hora: '18:45',
  tipo: 'cargo',
  monto: 10_000,
  clienteDocumento: '70000001',
  clienteNombre: 'Rosa Fiada',
  idVenta: 512,
  ventaNumero: 12,
  metodoPago: null,
  usuario: '1100000001',
  idTurno: 9,
  nota: null,
  idTienda: 3,
};
const abono: TCreditoRow = { ...cargo, idCreditoMovimiento: 42, tipo: 'abono', monto: -4_000, idVenta: null, ventaNumero: null, metodoPago: 'Tarjeta', nota: 'M777' };
const venta: TVentaRow = {
  idVenta: 512,
  numero: 37,
  fecha: '2026-03-14T23:45:00.000Z',
  estado: 'Completada',
  clienteDocumento: null,
  clienteNombre: null,
  idTienda: 3,
  tiendaNombre: 'Tienda',
  metodoPagoId: 7,
  usuarioDocumento: null,
  usuarioTiendaId: null,
  total: 10_000,
};

/** A weighed line of sale 512, whose receipt printed N.º 37 (issue #52). */
const linea: TFacturaRow = { idFactura: 901, ventaId: 512, ventaNumero: 37, productoId: 44, productoNombre: 'Queso campesino', cantidad: 0.375, unidad: 'KGM', precio: 12_000, estado: 'Pagado', idTienda: 3 };

const queso = {
  idProducto: 44,
  nombre: 'Queso campesino',
  precioUnit: 12_000,
  descripcion: null,
  marca: null,
  categoria: 'Lácteos',
  presentacion: null,
  fechaVencimiento: null,
  stock: 5.5,
  unidadDian: 'KGM',
  stockMin: 0,
  estado: 1,
  codigoBarras: null,
  inventarioId: null,
  proveedorId: null,
  idTienda: 3,
} as unknown as TProductoRow;

function renderAt(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        {/* Mounted as web/app/router.tsx mounts it: the back-office under /crud/*. */}
        <Routes>
          <Route path="/crud/*" element={<CrudRoutes />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const urls: string[] = [];
beforeEach(() => {
  urls.length = 0;
  saveSession('token', { tipo: 'tienda', documento: null, usuario: 'Tienda', tienda: 'Tienda', id_Tienda: 3, rol: 1, codigo_invitacion: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const items = url.startsWith('/api/crud/credito') ? [abono, cargo] : url.startsWith('/api/crud/ventas') ? [venta] : url.startsWith('/api/crud/factura') ? [linea] : url.startsWith('/api/crud/producto') ? [queso] : [];
      return new Response(JSON.stringify({ items, total: items.length }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('la lista de solo lectura (fiado)', () => {
  it('muestra los movimientos sin registrar, modificar ni eliminar', async () => {
    renderAt('/crud/credito');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: M.crud.credito.listTitle })).toBeTruthy();
    expect(await within(main).findByText(M.crud.credito.tipo.cargo)).toBeTruthy();
    expect(urls[0]).toMatch(/^\/api\/crud\/credito\?/);
    expect(within(main).getByText(M.crud.credito.tipo.abono)).toBeTruthy();
    expect(within(main).getByText('$ 10.000')).toBeTruthy();
    expect(within(main).getByText('-$ 4.000')).toBeTruthy();
    // Date and time as the sales list shows them (es-CO, Bogotá).
    expect(within(main).getAllByText('14/03/2026')).toHaveLength(2);
    expect(within(main).getAllByText(/^6:45\s?p/)).toHaveLength(2);
    expect(within(main).getByText(M.crud.credito.soloLectura)).toBeTruthy();
    // No register button, no Modificar or Eliminar (neither the columns nor the buttons).
    expect(within(main).queryByRole('link', { name: M.crud.registrar })).toBeNull();
    expect(within(main).queryByRole('columnheader', { name: M.crud.modificar })).toBeNull();
    expect(within(main).queryByRole('columnheader', { name: M.crud.eliminar })).toBeNull();
    expect(within(main).queryAllByRole('button', { name: new RegExp(`^(${M.crud.modificar}|${M.crud.eliminar})`) })).toEqual([]);
    // Its menu offers the list only.
    const menu = document.getElementById('crud-area-menu-credito')!;
    expect(within(menu).getByText(M.crud.lista)).toBeTruthy();
    expect(within(menu).queryByText(M.crud.registrar)).toBeNull();
    expect(screen.getByRole('button', { name: M.crud.credito.menu })).toBeTruthy();
  });

  it('otra área conserva registrar, Modificar y Eliminar', async () => {
    renderAt('/crud/ventas');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('button', { name: `${M.crud.modificar} la venta 512` })).toBeTruthy();
    expect(within(main).getByRole('button', { name: `${M.crud.eliminar} la venta 512` })).toBeTruthy();
    expect(within(main).getByRole('link', { name: M.crud.registrar })).toBeTruthy();
  });

  it('no hay formularios para el fiado: sus rutas de registro y de actualización no existen', async () => {
    for (const path of ['/crud/registrar_credito', '/crud/actualizar/credito?id=41']) {
      const { unmount } = renderAt(path);
      // Any unknown back-office path opens the users list.
      expect(await screen.findByRole('heading', { name: M.crud.usuarios.listTitle })).toBeTruthy();
      unmount();
    }
  });
});

describe('las líneas de factura del back-office (issue #52)', () => {
  it('nombran la venta por el número de su recibo y el producto por su nombre, con la cantidad y el precio en su unidad', async () => {
    renderAt('/crud/factura');
    const main = screen.getByRole('main');
    const fila = (await within(main).findByText('Queso campesino')).closest('tr')!;
    const celdas = within(fila).getAllByRole('cell').map((c) => c.textContent);
    expect(celdas.slice(2, 6)).toEqual(['N.º 37', 'Queso campesino 44', '0,375 kg', '$ 12.000/kg']);
    expect(within(main).getByRole('button', { name: `${M.crud.eliminar} la línea de Queso campesino de la venta N.º 37` })).toBeTruthy();
  });
});

describe('los productos del back-office (issue #52 punto 3)', () => {
  it('un producto por peso muestra su precio por kilo y su stock en kilos', async () => {
    renderAt('/crud/producto');
    const fila = (await within(screen.getByRole('main')).findByText('Queso campesino')).closest('tr')!;
    expect(within(fila).getByRole('cell', { name: '$ 12.000/kg' })).toBeTruthy();
    expect(within(fila).getByRole('cell', { name: '5,5 kg' })).toBeTruthy();
  });
});
