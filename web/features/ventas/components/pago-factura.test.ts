import { describe, expect, it } from 'vitest';
import { facturaElectronica as FE } from '#shared/messages/factura-electronica';
import { tituloRecibo, partesElectronico } from '../../../lib/impresion/texto-recibo';
import type { TRecibo } from '#shared/schemas/venta';
import { dvCalculado, FACTURA_VACIA, revisarFactura } from './pago-factura';

const EMPRESA = { ...FACTURA_VACIA, activa: true, numero: '860.034.313', dv: '7', nombre: 'Constructora Andina S.A.S.', email: 'compras@andina.co', responsabilidades: ['O-13'], responsableIva: true };

describe('the till’s buyer form (issue #57)', () => {
  it('computes a NIT’s check digit as it is typed, only for a NIT', () => {
    expect(dvCalculado({ tipoDocumento: '31', numero: '800197268' })).toBe('4');
    expect(dvCalculado({ tipoDocumento: '31', numero: '860.034.313' })).toBe('7');
    expect(dvCalculado({ tipoDocumento: '13', numero: '1020304050' })).toBeNull();
    expect(dvCalculado({ tipoDocumento: '31', numero: '86' })).toBeNull();
  });

  it('answers the buyer as the server takes it, or one Spanish message per field', () => {
    const ok = revisarFactura(EMPRESA);
    expect(ok).toEqual({ adquirente: expect.objectContaining({ tipoPersona: 1, tipoDocumento: '31', numero: '860034313', dv: '7' }) });
    const malo = revisarFactura({ ...EMPRESA, dv: '3', email: 'x', responsabilidades: [] });
    expect(malo).toEqual({ errores: { dv: FE.dvIncorrecto('7'), email: FE.emailInvalido, responsabilidades: FE.responsabilidadesInvalidas } });
    // A cédula carries no check digit, whatever was left in the field.
    expect(revisarFactura({ ...EMPRESA, tipoDocumento: '13', numero: '1020304050', tipoPersona: '2' })).toEqual({ adquirente: expect.objectContaining({ dv: null }) });
  });

  it('the receipt of an invoiced sale says "Factura electrónica de venta N.º FE1" and CUFE', () => {
    const documento = { adquirente: { nombre: 'Constructora Andina S.A.S.', documento: 'NIT 860034313-7' }, tipo: '01' as const, numero: 'FE1', cude: 'a'.repeat(96), url: 'https://x', estado: 'pendiente', contingencia: null, ambiente: 'habilitacion' as const, software: 's', fabricante: 'f' };
    const recibo = { numero: 7, fiscal: { caja: 'Caja 1', prefijo: 'FE', numero: 1, resolucion: '1', desde: 1, hasta: 9, fechaDesde: '2026-01-01', fechaHasta: '2027-01-01' }, documento } as unknown as TRecibo;
    expect(tituloRecibo(recibo).texto).toBe(FE.titulo('FE1'));
    expect(partesElectronico(recibo)).toMatchObject({ titulo: 'Factura electrónica de venta', etiqueta: 'CUFE', adquirente: 'Adquirente: Constructora Andina S.A.S. · NIT 860034313-7' });
    expect(partesElectronico({ ...recibo, documento: { ...documento, tipo: '20' } })).toMatchObject({ etiqueta: 'CUDE' });
  });
});
