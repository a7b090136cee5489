import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROL } from '#shared/roles';
import type { TSoporteRecepcion } from '#shared/schemas/documento-soporte';
import { SoporteRecepcion } from './soporte-recepcion';

const estado = vi.hoisted(() => ({ rol: 1, llamadas: [] as { url: string; body: unknown }[] }));
vi.mock('../../lib/api-client', () => ({
  api: vi.fn(async (url: string, o?: { body?: unknown }) => {
    estado.llamadas.push({ url, body: o?.body });
    return { message: 'Nota de ajuste NS7 emitida.', nota: { numero: 'NS7', cuds: 'c'.repeat(96), estado: 'pendiente', concepto: 1, total: 1_250 } };
  }),
}));
vi.mock('../../lib/session', () => ({ useSession: () => ({ rol: estado.rol }) }));
vi.mock('../../lib/alerts', () => ({ alertFailure: vi.fn(), toastSuccess: vi.fn() }));
const descargas = vi.hoisted(() => [] as { ruta: string; query: unknown; nombre: string }[]);
vi.mock('../../lib/descargar', () => ({
  descargarArchivo: vi.fn(async (ruta: string, query: unknown, o: { nombre: string }) => {
    descargas.push({ ruta, query, nombre: o.nombre });
  }),
}));

const SOPORTE: TSoporteRecepcion = {
  documento: { numero: 'DS3', cuds: 'a'.repeat(96), estado: 'aceptado' },
  aviso: null,
  notas: [{ numero: 'NS2', cuds: 'b'.repeat(96), estado: 'aceptado', concepto: 3, total: 1_000 }],
  lineas: [{ productoId: 5, nombre: 'Huevos AA x30', cantidad: 4, unidad: '94' }],
  queda: 47_000,
};

function pintar(soporte: TSoporteRecepcion = SOPORTE) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <SoporteRecepcion recepcionId={9} soporte={soporte} />
    </QueryClientProvider>,
  );
}

const emitir = () => fireEvent.click(screen.getAllByRole('button', { name: 'Emitir nota de ajuste' }).at(-1)!);

/** Issue #57 point 3 (ADR 055): the DS's adjustment note from the reception, role 1 only, checked in Spanish before it is sent. */
describe('SoporteRecepcion', () => {
  beforeEach(() => {
    estado.rol = ROL.ADMIN;
    estado.llamadas = [];
  });

  it('muestra el DS y sus notas; solo el administrador ve la nota de ajuste', () => {
    estado.rol = ROL.EMPLEADO;
    pintar();
    expect(screen.getByText('Documento soporte DS3')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Notas de ajuste emitidas' }).textContent).toContain('NS2 · Rebaja o descuento · $ 1.000 · Aceptado');
    expect(screen.queryByRole('button', { name: 'Emitir nota de ajuste' })).toBeNull();
  });

  it('descarga el PDF del DS y de cada nota aceptada; uno pendiente aún no lo ofrece (ADR 058)', () => {
    descargas.length = 0;
    estado.rol = ROL.EMPLEADO;
    pintar({ ...SOPORTE, notas: [...SOPORTE.notas, { numero: 'NS3', cuds: 'd'.repeat(96), estado: 'pendiente', concepto: 1, total: 500 }] });
    fireEvent.click(screen.getByRole('button', { name: 'Descargar el PDF de DS3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar el PDF de NS2' }));
    expect(screen.queryByRole('button', { name: 'Descargar el PDF de NS3' })).toBeNull();
    expect(descargas).toEqual([
      { ruta: '/compras/recepciones/9/soporte/pdf', query: undefined, nombre: 'DS3.pdf' },
      { ruta: '/compras/recepciones/9/soporte/pdf', query: { numero: 'NS2' }, nombre: 'NS2.pdf' },
    ]);
  });

  it('sin saldo no ofrece más notas', () => {
    pintar({ ...SOPORTE, queda: 0 });
    expect(screen.queryByRole('button', { name: 'Emitir nota de ajuste' })).toBeNull();
    expect(screen.getByText(/ya no admite notas/)).toBeTruthy();
  });

  it('rechaza en español sin enviar: sin motivo ni unidades, más de lo recibido, una rebaja mayor que lo que queda', async () => {
    pintar();
    emitir();
    emitir();
    expect(screen.getByText('Escriba el motivo de la nota de ajuste.')).toBeTruthy();
    expect(screen.getByText('Indique qué productos y cuántas unidades devuelve al proveedor.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'Huevos rotos' } });
    fireEvent.change(screen.getByLabelText('Unidades de Huevos AA x30 que devuelve'), { target: { value: '5' } });
    emitir();
    expect(screen.getByText('No puede devolver de Huevos AA x30 más de lo recibido en esta compra.')).toBeTruthy();
    expect(screen.queryByText('Indique qué productos y cuántas unidades devuelve al proveedor.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Concepto'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Valor a descontar'), { target: { value: '47001' } });
    emitir();
    expect(screen.getByText('La rebaja no puede ser mayor que lo que queda del documento soporte.')).toBeTruthy();
    expect(estado.llamadas).toEqual([]);
  });

  it('envía la devolución como la API la toma y muestra la nota emitida', async () => {
    pintar();
    emitir();
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: ' Huevos rotos ' } });
    fireEvent.change(screen.getByLabelText('Unidades de Huevos AA x30 que devuelve'), { target: { value: '2,5' } });
    emitir();
    expect((await screen.findByRole('status')).textContent).toMatch(/Nota emitida: NS7 · Devolución parcial al proveedor · \$\s?1\.250 · Pendiente/);
    expect(estado.llamadas).toEqual([{ url: '/compras/recepciones/9/nota-soporte', body: { concepto: 1, motivo: 'Huevos rotos', lineas: [{ productoId: 5, cantidad: 2.5 }] } }]);
  });
});
