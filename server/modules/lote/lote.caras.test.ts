import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROL } from '#shared/roles';
import { actividad } from '../../db/schema';
import { legacy } from '../../legacy/test-client';
import { tiendaConProveedor, type TiendaConProveedor } from '../compras/compras.fixtures';
import { crearEmpleado, dispositivoAutorizado } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { usarLotes } from './lote.fixtures';

/**
 * Lots through the other ways stock moves (issue #58 point 2, ADR 051): a pack takes its factor's
 * units from the lots, a weight its thousandths; the old client's step-by-step sale cannot sell an
 * expired lot; an offline sale synced later takes FEFO on the server, and one of an expired lot is
 * recorded (it happened), logged and reviewed.
 */
const t = usarApp();
const { req, db, fecha, productoConLotes: productoConLotesEn, lotesDe } = usarLotes(t);
let s: TiendaConProveedor;
const productoConLotes = (nombre: string, extra: Record<string, unknown> = {}) => productoConLotesEn(s, nombre, extra);

async function recibir(productoId: number, lotes: { codigo: string; dias: number; cantidad: number }[], unidades?: number) {
  const total = unidades ?? lotes.reduce((a, l) => a + l.cantidad, 0);
  const r = await req('POST', '/api/compras/recepciones', s.token, {
    proveedorId: s.proveedor,
    lineas: [{ productoId, cantidad: total, costoUnit: 1000, lotes: await Promise.all(lotes.map(async (l) => ({ codigo: l.codigo, vence: await fecha(l.dias), cantidad: l.cantidad }))) }],
  });
  expect(r.statusCode, r.body).toBe(201);
}

beforeAll(async () => {
  s = await tiendaConProveedor(t, 'Proveedor caras', 'lotes-caras@prov.co');
});

describe('lotes por las otras caras', { timeout: 180_000 }, () => {
  it('una caja de 6 toma 6 unidades de los lotes, primero el que vence primero; un peso toma sus milésimas', async () => {
    const id = await productoConLotes('Suero fisiológico');
    const caja = await req('POST', `/api/productos/${id}/presentaciones`, s.token, { nombre: 'Caja x6', factor: 6, precio: '27.000', codigoBarras: `7709${String(Date.now()).slice(-9)}` });
    expect(caja.statusCode, caja.body).toBe(201);
    await recibir(id, [{ codigo: 'LARGO', dias: 100, cantidad: 8 }, { codigo: 'CORTO', dias: 10, cantidad: 4 }]);
    const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: id, cantidad: 1, unidadVentaId: caja.json().presentacion.id }], metodoPagoId: 5, montoRecibido: 27_000 });
    expect(v.statusCode, v.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { LARGO: 6 }, stock: 6 });

    const queso = await productoConLotes('Queso campesino', { unidad: 'KGM' });
    await recibir(queso, [{ codigo: 'Q1', dias: 5, cantidad: 1.25 }, { codigo: 'Q2', dias: 9, cantidad: 2 }]);
    const p = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: queso, cantidad: 1.5 }], metodoPagoId: 5, montoRecibido: 100_000 });
    expect(p.statusCode, p.body).toBe(201);
    expect(await lotesDe(queso)).toEqual({ lotes: { Q2: 1.75 }, stock: 1.75 });
  });

  it('la venta por pasos del cliente antiguo no vende un lote vencido', async () => {
    const id = await productoConLotes('Gotas oftálmicas');
    await recibir(id, [{ codigo: 'VENCIDO', dias: -1, cantidad: 3 }]);
    const L = legacy(t);
    const v = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: 5 }, s.token);
    expect(v.body.id_Venta, JSON.stringify(v.body)).toBeGreaterThan(0);
    const linea = await L.json('POST', 'factura', { registro: true, venta_id_Venta: v.body.id_Venta, producto_id_Producto: id, Precio: 5000, Cantidad: 1, Estado: 'Pendiente' }, s.token);
    // The old client's shape: a refusal with the Spanish reason, and nothing sold.
    expect(linea.body).toMatchObject({ access: false });
    expect(JSON.stringify(linea.body)).toContain('el lote VENCIDO venció el');
    expect(await lotesDe(id)).toEqual({ lotes: { VENCIDO: 3 }, stock: 3 });
  });

  it('una venta sin red sincronizada toma FEFO en el servidor; la de un lote vencido se registra, queda en la actividad y en Revisar', async () => {
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const d = await dispositivoAutorizado(t, cajero, s.token);
    const ahora = new Date().toISOString();
    const id = await productoConLotes('Vitamina B');
    await recibir(id, [{ codigo: 'NUEVO', dias: 60, cantidad: 2 }, { codigo: 'VIEJO', dias: -4, cantidad: 2 }]);
    const vender = (n: number, cantidad: number) =>
      req('POST', '/api/sin-red/ventas', cajero, {
        clave: randomUUID(),
        lineas: [{ productoId: id, cantidad }],
        metodoPagoId: 5,
        montoRecibido: 100_000,
        sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-${n}`, fecha: ahora, reloj: ahora },
      });
    const uno = await vender(1, 1);
    expect(uno.statusCode, uno.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { NUEVO: 1, VIEJO: 2 }, stock: 3 });
    const dos = await vender(2, 2);
    expect(dos.statusCode, dos.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { VIEJO: 1 }, stock: 1 });
    const [log] = await db().select({ detalle: actividad.detalle }).from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'lote_vencido')));
    expect(log!.detalle).toMatchObject({ producto: 'Vitamina B', lote: 'VIEJO', cantidad: 1, sinRed: `${d.prefijo}-2` });
    const revisar = await req('GET', '/api/sin-red/revisar', s.token);
    expect(revisar.statusCode, revisar.body).toBe(200);
    expect(JSON.stringify(revisar.json())).toContain('Se vendió Vitamina B del lote VIEJO');
  });
});
