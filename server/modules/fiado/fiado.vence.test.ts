/**
 * Fiado as payment form *crédito* with its due date (issue #30 point 6): each credit sale is due the
 * customer's days to pay after its day in the store's zone; the receipt and the invoice detail say
 * it; a sale paid in full has none; the days are credit terms, changed only with the `credito`
 * permission and written in the activity log.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { actividad, cliente, producto, tienda, venta } from '../../db/schema';
import { crearEmpleado, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();
let seq = 0;
const req = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.request({ method, url, token, ...(payload ? { payload } : {}) });

/** The day of an instant in a zone, plus some days, as yyyy-mm-dd. */
function diaMas(iso: string, zona: string, dias: number): string {
  const dia = new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  const [a, m, d] = dia.split('-').map(Number);
  return new Date(Date.UTC(a!, m! - 1, d! + dias)).toISOString().slice(0, 10);
}

describe('el fiado es una venta a crédito con fecha de vencimiento', () => {
  let s: Tienda;
  let empleado: string;
  let productoId: number;
  beforeAll(async () => {
    s = await crearTienda(t);
    empleado = (await crearEmpleado(t, s.codigo)).token;
    const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Arroz vence', precioUnit: 4_000, stock: 100, estado: 1, marca: 'M' }).returning();
    productoId = p!.idProducto;
  });

  const crearCliente = async (extra: object) => {
    const documento = String(90_100_000 + ++seq * 13);
    const res = await req(s.token, 'POST', '/api/clientes', { documento, tipoDocumento: 'CC', nombre: 'Luz', apellido: `Plazo ${seq}`, fiado: true, cupo: 100_000, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().cliente.id as number, documento, plazo: res.json().cliente.plazoFiado as number };
  };
  const vender = (documento: string, extra: object) =>
    req(empleado, 'POST', '/api/ventas', { lineas: [{ productoId, cantidad: 2 }], metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: documento, ...extra });

  it('vence a los días del cliente (30 si no se dijo) contados desde el día de la venta en la zona de la tienda; el recibo y la factura lo dicen', async () => {
    const treinta = await crearCliente({});
    expect(treinta.plazo).toBe(30);
    const quince = await crearCliente({ plazoFiado: 15 });
    expect(quince.plazo).toBe(15);
    // A store east of Bogotá: its day, not the server's, is the sale's.
    await t.database.db.update(tienda).set({ zonaHoraria: 'Asia/Tokyo' }).where(eq(tienda.idTienda, s.id));

    for (const c of [treinta, quince]) {
      const res = await vender(c.documento, {});
      expect(res.statusCode, res.body).toBe(201);
      const recibo = res.json();
      const esperado = diaMas(recibo.fecha, 'Asia/Tokyo', c.plazo);
      expect(recibo).toMatchObject({ montoFiado: 8_000, fiadoVence: esperado });
      const [row] = await t.database.db.select({ v: venta.fiadoVence }).from(venta).where(eq(venta.idVenta, recibo.id));
      expect(row!.v).toBe(esperado);
      const detalle = (await req(s.token, 'GET', `/api/facturas/${recibo.id}`)).json();
      expect(detalle.fiadoVence).toBe(esperado);
      expect((await req(empleado, 'GET', `/api/ventas/${recibo.id}`)).json().fiadoVence).toBe(esperado);
      // The statement shows each charge with the sale's number as its receipt says it, and its due date.
      const cuenta = (await req(s.token, 'GET', `/api/clientes/${c.id}/cuenta`)).json();
      expect(cuenta.movimientos.at(-1)).toMatchObject({ tipo: 'cargo', ventaNumero: recibo.numero, vence: esperado });
    }

    // Part paid now, the rest on credit: still crédito, with its due date.
    const parte = await vender(quince.documento, { metodoPagoId: 5, montoRecibido: 3_000 });
    expect(parte.statusCode, parte.body).toBe(201);
    expect(parte.json()).toMatchObject({ montoFiado: 5_000, fiadoVence: diaMas(parte.json().fecha, 'Asia/Tokyo', 15) });

    // A later change of the customer's terms does not move a sale already made.
    const antes = parte.json().fiadoVence as string;
    expect((await req(s.token, 'PUT', `/api/clientes/${quince.id}`, { documento: quince.documento, tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Plazo', plazoFiado: 60 })).statusCode).toBe(200);
    expect((await req(s.token, 'GET', `/api/facturas/${parte.json().id}`)).json().fiadoVence).toBe(antes);
  });

  it('una venta pagada completa no tiene vencimiento', async () => {
    const res = await req(empleado, 'POST', '/api/ventas', { lineas: [{ productoId, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 4_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fiadoVence ?? null).toBeNull();
    expect((await req(s.token, 'GET', `/api/facturas/${res.json().id}`)).json().fiadoVence).toBeNull();
  });

  it('el plazo es de 1 a 365 días; cambiarlo pide el permiso de crédito y queda en la actividad', async () => {
    for (const plazoFiado of [0, 366, 1.5, '30', -3]) {
      const r = await req(s.token, 'POST', '/api/clientes', { documento: String(90_900_000 + ++seq), tipoDocumento: 'CC', nombre: 'A', apellido: 'B', fiado: true, cupo: 1_000, plazoFiado });
      expect(r.statusCode, String(plazoFiado)).toBe(400);
      expect(r.json().error.message).toBe(M.fiado.plazoInvalido);
    }
    const c = await crearCliente({ plazoFiado: 8 });
    const base = { documento: c.documento, tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Plazo' };
    const cambia = await req(empleado, 'PUT', `/api/clientes/${c.id}`, { ...base, plazoFiado: 90 });
    expect(cambia.statusCode).toBe(403);
    expect(cambia.json().error.message).toBe(M.permisos.denegado.credito);
    // The same terms sent back (the form does) change nothing and may be saved.
    expect((await req(empleado, 'PUT', `/api/clientes/${c.id}`, { ...base, plazoFiado: 8 })).statusCode).toBe(200);
    expect((await req(s.token, 'PUT', `/api/clientes/${c.id}`, { ...base, plazoFiado: 45 })).statusCode).toBe(200);
    const [row] = await t.database.db.select({ p: cliente.plazoFiado }).from(cliente).where(eq(cliente.idCliente, c.id));
    expect(row!.p).toBe(45);
    const entradas = await t.database.db.select().from(actividad).where(eq(actividad.tiendaId, s.id));
    const credito = entradas.filter((e) => e.tipo === 'credito' && (e.detalle as { clienteId: number }).clienteId === c.id);
    expect(credito.at(-1)!.detalle).toMatchObject({ plazoAnterior: 8, plazoNuevo: 45 });
    expect(M.actividad.describir('credito', credito.at(-1)!.detalle as never)).toContain('plazo: 8 → 45 días');
  });
});
