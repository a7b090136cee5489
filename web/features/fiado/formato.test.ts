import { describe, expect, it } from 'vitest';
import type { TEstadoCuenta } from '#shared/schemas/fiado';
import { fechasEn } from '../../lib/fechas';
import { textoWhatsApp } from './formato';

const movimiento = (id: number, tipo: 'cargo' | 'abono', monto: number, saldo: number, tienda: string) => ({
  id,
  fecha: `2026-11-2${id}T15:00:00.000Z`,
  tipo,
  monto,
  saldo,
  ventaId: null,
  ventaNumero: null,
  metodo: null,
  nota: null,
  usuario: null,
  vence: null,
  tienda,
});

const estado = (movimientos: ReturnType<typeof movimiento>[]): TEstadoCuenta => ({
  tienda: 'Minimercado El Sol',
  cliente: { id: 1, documento: '1020304050', tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Díaz', telefono: '3001234567' },
  credito: { fiado: true, cupo: 100_000, saldo: movimientos.at(-1)?.saldo ?? 0, disponible: 0, deudaDesde: null, antiguedadDias: null, vence: null, diasVencida: null },
  movimientos,
  generado: '2026-11-29T15:00:00.000Z',
});

describe('el estado de cuenta por WhatsApp', () => {
  it('un cliente de varias tiendas de la empresa lee en qué tienda fue cada movimiento', () => {
    const texto = textoWhatsApp(estado([movimiento(1, 'cargo', 30_000, 30_000, 'El Sol Norte'), movimiento(2, 'abono', -10_000, 20_000, 'Minimercado El Sol')]), fechasEn());
    expect(texto).toContain('• 21/11/2026 Compra fiada en El Sol Norte: +$ 30.000 (saldo $ 30.000)');
    expect(texto).toContain('• 22/11/2026 Abono en Minimercado El Sol: -$ 10.000 (saldo $ 20.000)');
    expect(texto).toContain('Saldo pendiente: $ 20.000.');
  });

  it('el de una sola tienda no repite su nombre en cada línea', () => {
    const texto = textoWhatsApp(estado([movimiento(1, 'cargo', 30_000, 30_000, 'Minimercado El Sol')]), fechasEn());
    expect(texto).toMatch(/^Minimercado El Sol: estado de cuenta de Rosa Díaz\./);
    expect(texto).not.toContain(' en Minimercado El Sol');
  });
});
