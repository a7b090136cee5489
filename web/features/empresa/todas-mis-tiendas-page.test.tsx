import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCierreEmpresa, TCifrasTienda, TEmpleadosEmpresa, TImpuestosEmpresa, TProductosEmpresa, TResumenEmpresa } from '#shared/schemas/empresa';
import TodasMisTiendasPage from './todas-mis-tiendas-page';

const cifras = (neto: number, tickets: number, margen: number): TCifrasTienda => ({
  neto,
  bruto: neto,
  descuentos: 0,
  devuelto: 0,
  margen,
  costoConocido: 100,
  tickets,
  ticketPromedio: Math.round(neto / tickets),
  anuladas: 0,
  impuestos: 0,
  medios: [{ id: 5, medio: 'Efectivo', ventas: tickets, monto: neto, abonos: 0 }],
});

const resumen: TResumenEmpresa = {
  periodo: { desde: '2026-11-30', hasta: '2026-11-30' },
  tiendas: [
    { idTienda: 1, nombreTienda: 'La Ceiba', actual: true, ...cifras(11_200, 2, 3_200), hoy: { dia: '2026-11-30', neto: 11_200, tickets: 2 }, cajas: [{ idTurno: 7, cajero: 'Ana Pérez', caja: 'Caja 1', abiertoEn: '2026-11-30T13:05:00.000Z', esperado: 61_200 }] },
    { idTienda: 2, nombreTienda: 'La Ceiba Norte', actual: false, ...cifras(6_000, 1, 2_000), hoy: { dia: '2026-11-30', neto: 6_000, tickets: 1 }, cajas: [] },
  ],
  total: { ...cifras(17_200, 3, 5_200), hoy: { neto: 17_200, tickets: 3 }, cajas: 1 },
};
const ind = (clave: string, titulo: string, valor: number) => ({ clave, titulo, tipo: 'dinero' as const, valor, anterior: null });
const cierre: TCierreEmpresa = {
  fecha: '2026-11-30',
  tiendas: [
    { idTienda: 1, nombreTienda: 'La Ceiba', actual: true, indicadores: [ind('neto', 'Ventas netas', 11_200)], tablas: [] },
    { idTienda: 2, nombreTienda: 'La Ceiba Norte', actual: false, indicadores: [ind('neto', 'Ventas netas', 6_000)], tablas: [] },
  ],
  total: [ind('neto', 'Ventas netas', 17_200)],
};

const fila = (puesto: number, producto: string, cantidad: number, neto: number, margen: number | null) => ({ puesto, producto, categoria: 'Granos', cantidad, bruto: neto, descuentos: 0, devuelto: 0, neto, costo: margen == null ? null : neto - margen, margen });
const productos: TProductosEmpresa = {
  periodo: resumen.periodo,
  tiendas: [
    { idTienda: 1, nombreTienda: 'La Ceiba', actual: true, grupos: 2, neto: 11_200, filas: [fila(1, 'Arroz 500 g', 4, 11_200, 3_200)] },
    { idTienda: 2, nombreTienda: 'La Ceiba Norte', actual: false, grupos: 0, neto: 0, filas: [] },
  ],
  total: { grupos: 2, neto: 11_200, filas: [fila(1, 'Arroz 500 g', 4, 11_200, 3_200)] },
};
const persona = (nombre: string, tickets: number, neto: number) => ({ persona: nombre, tickets, neto, ticketPromedio: Math.round(neto / tickets), descuentos: 0, autorizados: 0, anuladas: 0, montoAnulado: 0 });
const empleados: TEmpleadosEmpresa = {
  periodo: resumen.periodo,
  tiendas: [
    { idTienda: 1, nombreTienda: 'La Ceiba', actual: true, filas: [persona('Ana Pérez', 2, 11_200)] },
    { idTienda: 2, nombreTienda: 'La Ceiba Norte', actual: false, filas: [persona('Luis Gómez', 1, 6_000)] },
  ],
  total: { filas: [persona('Ana Pérez', 2, 11_200), persona('Luis Gómez', 1, 6_000)] },
};
const iva = (base: number, valor: number) => ({ impuesto: 'iva19', tarifa: 'IVA 19 %', lineas: 1, base, valor });
const impuestos: TImpuestosEmpresa = {
  periodo: resumen.periodo,
  tiendas: [
    { idTienda: 1, nombreTienda: 'La Ceiba', actual: true, ventas: 2, base: 941_176, valor: 178_824, tarifas: [iva(941_176, 178_824)], numeracion: ['Numeración DIAN C1: del C11 al C12; ningún número inhabilitado'] },
    { idTienda: 2, nombreTienda: 'La Ceiba Norte', actual: false, ventas: 1, base: 504_202, valor: 95_798, tarifas: [iva(504_202, 95_798)], numeracion: ['Numeración DIAN N1: del N11 al N11; ningún número inhabilitado'] },
  ],
  total: { ventas: 3, base: 1_445_378, valor: 274_622, tarifas: [iva(1_445_378, 274_622)] },
};
const respuestas: [string, unknown][] = [
  ['/empresa/cierre', cierre],
  ['/empresa/productos', productos],
  ['/empresa/empleados', empleados],
  ['/empresa/impuestos', impuestos],
];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Todas mis tiendas (issue #56 point 4)', () => {
  it('muestra cada tienda y el total en la tabla y en tarjetas, sus cajas abiertas y el cierre consolidado', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(respuestas.find(([r]) => String(url).includes(r))?.[1] ?? resumen), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    localStorage.setItem('token', 'tok');
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/todas_mis_tiendas']}>
          <TodasMisTiendasPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const tabla = await screen.findByTestId('empresa-tabla');
    expect(within(tabla).getByTestId('fila-1').textContent).toContain('$ 11.200');
    expect(within(tabla).getByTestId('fila-2').textContent).toContain('$ 6.000');
    const total = within(tabla).getByTestId('fila-total');
    expect(total.textContent).toContain('Total empresa');
    expect(total.textContent).toContain('$ 17.200');
    expect(total.textContent).toContain('$ 5.200');
    // The phone's cards carry the same figures.
    expect(screen.getByTestId('tarjeta-total').textContent).toContain('$ 17.200');
    // Now: the open till of the first store, and none in the branch.
    expect(screen.getByTestId('ahora-1').textContent).toContain('Ana Pérez');
    expect(screen.getByTestId('ahora-1').textContent).toContain('$ 61.200');
    expect(screen.getByTestId('ahora-2').textContent).toContain('Ninguna caja abierta.');
    const cierreTabla = await screen.findByTestId('cierre-tabla');
    expect(within(cierreTabla).getByTestId('cierre-total').textContent).toContain('$ 17.200');
    // Per product, per person and per tax rate: a card per store and the empresa's (issue #56 points 4 and 5).
    const porProducto = await screen.findByTestId('empresa-productos');
    expect(within(porProducto).getByTestId('informe-1').textContent).toContain('1. Arroz 500 g');
    expect(within(porProducto).getByTestId('informe-2').textContent).toContain('Sin ventas en el periodo.');
    expect(within(porProducto).getByTestId('informe-total').textContent).toContain('$ 3.200');
    const porEmpleado = await screen.findByTestId('empresa-empleados');
    expect(within(porEmpleado).getByTestId('informe-total').textContent).toContain('Luis Gómez');
    const porTarifa = await screen.findByTestId('empresa-impuestos');
    expect(within(porTarifa).getByTestId('informe-2').textContent).toContain('Numeración DIAN N1');
    expect(within(porTarifa).getByTestId('informe-total').textContent).toContain('IVA 19 %');
  });
});
