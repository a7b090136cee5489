import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import type { TFacturaDetalle, TFacturasPage } from '#shared/schemas/factura';
import { usarApp } from '../../../tests/helpers/test-app';
import { usarFerreteria } from '../dian/ferreteria.fixtures';

/**
 * Issue #57 (ADR 044): a sale invoiced to a buyer reads, in Gestionar facturas, as the invoice the buyer
 * got — its number with the range's prefix (FE1), its CUFE and the buyer (name, NIT with its check digit
 * or CC) — and no longer as "Cliente general" and the store's N.º 1; the store's sale number stays. A
 * POS sale of the same till reads exactly as before.
 */
const t = usarApp();
const { req, ferreteria, facturar } = usarFerreteria(t, 905_600_000);

const PERSONA = { tipoPersona: 2, tipoDocumento: '13', numero: '1.020.304.050', dv: null, nombre: 'Marta Lucía Gómez', email: 'marta@correo.co', responsabilidades: ['R-99-PN'], responsableIva: false };
const tresTornillos = (productoId: number) => ({ lineas: [{ productoId, cantidad: 3 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 50_000 });

describe('el detalle y la lista de una venta facturada (issue #57)', { timeout: 180_000 }, () => {
  it('la venta facturada muestra el número FE, el CUFE y el adquirente; la venta POS no', async () => {
    const s = await ferreteria();
    const pos = await req('POST', '/api/ventas', s.token, tresTornillos(s.productoId));
    expect(pos.statusCode, pos.body).toBe(201);
    const recibo = await facturar(s);

    const detalle = await req('GET', `/api/facturas/${recibo.id}`, s.token);
    expect(detalle.statusCode, detalle.body).toBe(200);
    const d = detalle.json() as TFacturaDetalle;
    expect(d.facturaElectronica).toEqual({ numero: 'FE1', cufe: recibo.documento.cude, adquirente: { nombre: 'Constructora Andina S.A.S.', documento: 'NIT 860034313-7' } });
    expect(d.facturaElectronica!.cufe).toMatch(/^[0-9a-f]{96}$/);
    // The store's own sale number is still there (the second sale of the store).
    expect(d.numero).toBe(2);
    expect(d.total).toBe(35_700);

    // The POS sale of the same till: as before, no invoice, no buyer.
    const p = (await req('GET', `/api/facturas/${pos.json().id}`, s.token)).json() as TFacturaDetalle;
    expect(p.facturaElectronica).toBeNull();
    expect(p.cliente).toBeNull();
    expect(p.numero).toBe(1);

    // The list: the invoice's number and buyer on the invoiced sale only.
    const lista = (await req('GET', '/api/facturas', s.token)).json() as TFacturasPage;
    const fila = (id: number) => lista.items.find((i) => i.idVenta === id)!;
    expect(fila(recibo.id)).toMatchObject({ numero: 2, numeroFactura: 'FE1', cliente: 'Constructora Andina S.A.S.' });
    expect(fila(pos.json().id)).toMatchObject({ numero: 1, numeroFactura: null, cliente: null });

    // The list finds the invoice by its number as printed, however it is typed; a number nobody has finds nothing.
    for (const q of ['FE1', 'fe 1', 'Fe-1']) {
      const r = (await req('GET', `/api/facturas?q=${encodeURIComponent(q)}`, s.token)).json() as TFacturasPage;
      expect(r.items.map((i) => i.idVenta), q).toEqual([recibo.id]);
    }
    expect(((await req('GET', '/api/facturas?q=FE99', s.token)).json() as TFacturasPage).items).toEqual([]);
  });

  it('una persona natural con cédula: CC sin dígito de verificación; el siguiente número del rango', async () => {
    const s = await ferreteria({ desde: 40, hasta: 900 });
    await facturar(s);
    const r = await req('POST', '/api/ventas/factura-electronica', s.token, { venta: tresTornillos(s.productoId), adquirente: PERSONA });
    expect(r.statusCode, r.body).toBe(201);
    const d = (await req('GET', `/api/facturas/${r.json().id}`, s.token)).json() as TFacturaDetalle;
    expect(d.facturaElectronica).toMatchObject({ numero: 'FE41', adquirente: { nombre: 'Marta Lucía Gómez', documento: 'CC 1020304050' } });
    // The same buyer and number as the receipt the ticket opens.
    const ticket = (await req('GET', `/api/ventas/${r.json().id}`, s.token)).json();
    expect(ticket.documento).toMatchObject({ tipo: '01', numero: 'FE41', cude: d.facturaElectronica!.cufe, adquirente: d.facturaElectronica!.adquirente });
  });

  it('otra tienda no ve la factura de esta', async () => {
    const s = await ferreteria();
    const otra = await ferreteria();
    const recibo = await facturar(s);
    expect((await req('GET', `/api/facturas/${recibo.id}`, otra.token)).statusCode).toBe(404);
  });
});
