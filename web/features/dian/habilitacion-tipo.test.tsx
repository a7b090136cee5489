import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dian as D } from '#shared/messages/dian';
import type { TConfiguracionDian, THabilitacionTipo } from '#shared/schemas/dian';
import { HabilitacionTipo } from './documento-electronico-page';

const h = vi.hoisted(() => ({ api: vi.fn(), toast: vi.fn(), fallo: vi.fn() }));
vi.mock('../../lib/api-client', () => ({ api: h.api }));
vi.mock('../../lib/alerts', () => ({ toastSuccess: h.toast, alertFailure: h.fallo }));

const SOFTWARE = 'a1b2c3d4-0000-4000-8000-000000000001';
const SET = 'a1b2c3d4-0000-4000-8000-0000000000f1';
const base: THabilitacionTipo = { tipo: 'factura', softwareId: null, pinGuardado: false, testSetId: null, estado: 'sin_configurar', habilitadoEn: null, resultado: null };

function pintar(tipo: THabilitacionTipo, ambiente: TConfiguracionDian['ambiente'] = 'habilitacion') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <HabilitacionTipo tipo={tipo} ambiente={ambiente} />
    </QueryClientProvider>,
  );
}
const escribir = (label: string, valor: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: valor } });
const config = (t: THabilitacionTipo) => ({ tipos: [t] }) as unknown as TConfiguracionDian;

/** Issue #57 point 5: the owner fills each type it enables, sends its set and reads its state and DIAN's reasons. */
describe('HabilitacionTipo', () => {
  beforeEach(() => {
    h.api.mockReset();
    h.toast.mockReset();
    h.fallo.mockReset();
  });

  it('sin configurar: no se envía el set; guarda su software y su set con su ruta; inválidos dicen su error sin mandar nada', async () => {
    pintar(base);
    expect(screen.getByTestId('tipo-factura-estado').textContent).toContain(D.estadosHabilitacion.sin_configurar);
    expect(screen.getByText(D.setDelTipo(D.setDocumentos.factura!))).toBeTruthy();
    expect((screen.getByRole('button', { name: D.enviarSetTipo }) as HTMLButtonElement).disabled).toBe(true);
    escribir(D.softwareId, 'no-es-uuid');
    fireEvent.click(screen.getByRole('button', { name: D.guardarTipo }));
    expect(await screen.findByText(D.softwareIdInvalido)).toBeTruthy();
    expect(h.api).not.toHaveBeenCalled();
    h.api.mockResolvedValue(config({ ...base, softwareId: SOFTWARE, pinGuardado: true, testSetId: SET, estado: 'en_pruebas' }));
    escribir(D.softwareId, SOFTWARE);
    escribir(D.softwarePin, '54321');
    escribir(D.testSetId, SET);
    fireEvent.click(screen.getByRole('button', { name: D.guardarTipo }));
    await waitFor(() => expect(h.toast).toHaveBeenCalledWith(D.tipoGuardado));
    expect(h.api).toHaveBeenCalledWith('/dian/habilitacion/tipos/factura', { method: 'PUT', body: { softwareId: SOFTWARE, softwarePin: '54321', testSetId: SET } });
    expect((screen.getByLabelText(D.softwarePin) as HTMLInputElement).value).toBe('');
  });

  it('rechazado: muestra el estado y las razones de la DIAN; enviar de nuevo va a la ruta del tipo y avisa si quedó habilitado', async () => {
    const rechazado: THabilitacionTipo = {
      ...base,
      tipo: 'soporte',
      softwareId: SOFTWARE,
      pinGuardado: true,
      testSetId: SET,
      estado: 'rechazado',
      resultado: { fecha: '2026-11-30T15:00:00.000Z', aceptado: false, documentos: [{ numero: 'SEDS984000001', estado: 'rechazado', codigo: '99', descripcion: 'Validación contiene errores.', reglas: [{ codigo: 'FAD06', mensaje: 'El CUDS no está bien calculado.' }] }] },
    };
    pintar(rechazado);
    expect(screen.getByTestId('tipo-soporte-estado').textContent).toContain(D.estadosHabilitacion.rechazado);
    expect(screen.getByText(/FAD06 El CUDS no está bien calculado/)).toBeTruthy();
    h.api.mockResolvedValue(config({ ...rechazado, estado: 'habilitado', resultado: { ...rechazado.resultado!, aceptado: true } }));
    fireEvent.click(screen.getByRole('button', { name: D.enviarSetTipo }));
    await waitFor(() => expect(h.toast).toHaveBeenCalledWith(D.setTipoAceptado(D.tiposHabilitacion.soporte!)));
    expect(h.api).toHaveBeenCalledWith('/dian/habilitacion/tipos/soporte/enviar', { method: 'POST' });
  });

  it('en producción el set no se envía', () => {
    pintar({ ...base, estado: 'en_pruebas', softwareId: SOFTWARE, testSetId: SET }, 'produccion');
    expect((screen.getByRole('button', { name: D.enviarSetTipo }) as HTMLButtonElement).disabled).toBe(true);
  });
});
