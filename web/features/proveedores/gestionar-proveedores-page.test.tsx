import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proveedores as P } from '#shared/messages/proveedores';
import type { TProveedor } from '#shared/schemas/proveedor';
import { saveSession } from '../../lib/session';
import GestionarProveedoresPage from './gestionar-proveedores-page';

const h = vi.hoisted(() => ({ api: vi.fn(), toast: vi.fn(), fallo: vi.fn(), confirmar: vi.fn() }));
vi.mock('../../lib/api-client', () => ({ api: h.api }));
vi.mock('../../lib/alerts', () => ({ toastSuccess: h.toast, alertFailure: h.fallo, confirmAction: h.confirmar, alertWarning: vi.fn() }));

const base = { telefono: '3001234567', email: 'pedro@example.com', obligadoFacturar: true, tipoIdentificacion: 'CC', direccion: null, municipio: null, productos: 0 };
const uno = { ...base, id: 11, nombre: 'Pedro Campesino', documento: '1020304050', documentoRepetido: true, gemeloId: 12 } as TProveedor;
const dos = { ...base, id: 12, nombre: 'Don Pedro El Rosal', documento: '1020304050', documentoRepetido: true, gemeloId: 11, creadoEn: 'Ferretería Norte' } as TProveedor;
const otro = { ...base, id: 13, nombre: 'Lácteos del Valle', documento: null } as TProveedor;

const sesion = (rol: number) => saveSession('token', { tipo: 'tienda', documento: null, usuario: 'Tienda', tienda: 'Tienda', id_Tienda: 3, rol, codigo_invitacion: null });

function pintar() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <GestionarProveedoresPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Issue #56, ADR 072: two suppliers of the empresa with one NIT, merged from the list. */
describe('Unir con el otro en la lista de proveedores', () => {
  let unidos = false;
  beforeEach(() => {
    unidos = false;
    for (const f of Object.values(h)) f.mockReset();
    h.api.mockImplementation(async (ruta: string, o?: { method?: string }) => {
      if (ruta === '/proveedores/11/unir' && o?.method === 'POST') {
        unidos = true;
        return { message: P.unir.hecho('Pedro Campesino') };
      }
      if (ruta === '/proveedores') return unidos ? { items: [{ ...uno, documentoRepetido: undefined, gemeloId: undefined }, otro], total: 2 } : { items: [dos, otro, uno], total: 3 };
      if (ruta === '/tienda/mis-permisos') return { permisos: { eliminarClientesProveedores: false }, umbralCaja: null };
      return {};
    });
  });
  afterEach(() => localStorage.clear());

  it('el administrador confirma lo que pasa, une con el otro del mismo NIT, ve el aviso y la lista sin el otro', async () => {
    sesion(1);
    h.confirmar.mockResolvedValue(true);
    pintar();
    const boton = await screen.findByRole('button', { name: P.unir.botonNombre('Pedro Campesino') });
    // Only the flagged ones carry it.
    expect(screen.getAllByRole('button', { name: /Unir con el otro/ })).toHaveLength(2);
    fireEvent.click(boton);
    await waitFor(() => expect(h.toast).toHaveBeenCalledWith(P.unir.hecho('Pedro Campesino')));
    expect(h.confirmar).toHaveBeenCalledWith(P.unir.titulo, P.unir.confirmar('Pedro Campesino', `${P.documentoRepetido} 1020304050`, 'Don Pedro El Rosal'), P.unir.aceptar);
    expect(h.api).toHaveBeenCalledWith('/proveedores/11/unir', { method: 'POST', body: { proveedorId: 12 } });
    // The list comes again: one supplier with that NIT, no flag, no button.
    await waitFor(() => expect(screen.queryByText('Don Pedro El Rosal')).toBeNull());
    const fila = screen.getByText('Pedro Campesino').closest('tr')!;
    expect(within(fila).queryByText(P.documentoRepetido)).toBeNull();
    expect(screen.queryByRole('button', { name: /Unir con el otro/ })).toBeNull();
  });

  it('cancelada la confirmación no se manda nada; un cajero ve la marca sin el botón', async () => {
    sesion(1);
    h.confirmar.mockResolvedValue(false);
    const { unmount } = pintar();
    fireEvent.click(await screen.findByRole('button', { name: P.unir.botonNombre('Don Pedro El Rosal') }));
    await waitFor(() => expect(h.confirmar).toHaveBeenCalled());
    expect(h.api).not.toHaveBeenCalledWith(expect.stringContaining('/unir'), expect.anything());
    unmount();
    sesion(2);
    pintar();
    expect(await screen.findAllByText(P.documentoRepetido)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Unir con el otro/ })).toBeNull();
  });
});
