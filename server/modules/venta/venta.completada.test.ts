/**
 * Issue #36 point 2: a sale paid at the till is Completada when its payment is recorded (cash, a
 * card, wholly or partly on credit); Pendiente is left to the old client's step-by-step sale while it
 * is open; and migration 0019 completes the paid sales that an earlier checkout left Pendiente.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import { actividad, cliente, factura, producto, venta } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { legacy } from '../../legacy/test-client';

const t = usarApp();

let seq = 0;
async function crearProducto(tiendaId: number) {
  const [p] = await t.database.db
    .insert(producto)
    .values({ tiendaId, nombre: `Arroz ${++seq}`, precioUnit: 5000, stock: 50, estado: 1 })
    .returning({ id: producto.idProducto });
  return p!.id;
}

const estados = async (ventaId: number) => {
  const [v] = await t.database.db.select({ estado: venta.estado }).from(venta).where(eq(venta.idVenta, ventaId));
  const lineas = await t.database.db.select({ estado: factura.estado }).from(factura).where(eq(factura.ventaId, ventaId));
  return { venta: v!.estado, lineas: lineas.map((l) => l.estado) };
};

describe('una venta pagada queda Completada al registrar su pago', () => {
  it('en efectivo, con tarjeta, toda fiada y parte fiada; la venta por pasos del cliente antiguo sigue Pendiente', async () => {
    const s = await crearTienda(t);
    const productoId = await crearProducto(s.id);
    const [c] = await t.database.db
      .insert(cliente)
      .values({ tiendaId: s.id, documento: '52000111', tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Fiada', fiado: true, cupo: 100_000 })
      .returning({ documento: cliente.documento });
    const pagos = [
      { metodoPagoId: METODO.EFECTIVO, montoRecibido: 10_000 },
      { metodoPagoId: 3, montoRecibido: 5000 }, // Nequi,
      { metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c!.documento },
      { metodoPagoId: METODO.EFECTIVO, montoRecibido: 2000, documentoCliente: c!.documento, aCredito: true },
    ];
    for (const pago of pagos) {
      const res = await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas: [{ productoId, cantidad: 1 }], ...pago } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().estado).toBe('Completada');
      expect(await estados(res.json().id)).toEqual({ venta: 'Completada', lineas: ['Pagado'] });
    }

    const L = legacy(t);
    const paso1 = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: METODO.EFECTIVO }, s.token);
    const id = paso1.body.id_Venta as number;
    await L.json('POST', 'factura', { registro: true, venta_id_Venta: id, producto_id_Producto: productoId, Precio: 5000, Cantidad: 1, Estado: 'Pendiente' }, s.token);
    expect(await estados(id)).toEqual({ venta: 'Pendiente', lineas: ['Pendiente'] });
  });
});

describe('migración 0019', () => {
  it('completa las ventas pagadas que quedaron Pendiente, y deja abiertas las ventas por pasos y las anuladas', async () => {
    const s = await crearTienda(t);
    const productoId = await crearProducto(s.id);
    const db = t.database.db;
    const nueva = async (v: { estado: string; total: number; montoRecibido: number | null; montoFiado?: number }, linea = v.estado === 'Anulada' ? 'Anulada' : 'Pendiente') => {
      const [row] = await db
        .insert(venta)
        .values({ tiendaId: s.id, metodoPagoId: METODO.EFECTIVO, ...v })
        .returning({ id: venta.idVenta });
      await db.insert(factura).values({ tiendaId: s.id, ventaId: row!.id, productoId, cantidad: 1, precio: v.total, estado: linea });
      return row!.id;
    };
    const pagada = await nueva({ estado: 'Pendiente', total: 5000, montoRecibido: 10_000 });
    const parteFiada = await nueva({ estado: 'Pendiente', total: 5000, montoRecibido: 2000, montoFiado: 3000 });
    const porPasos = await nueva({ estado: 'Pendiente', total: 5000, montoRecibido: null });
    const anulada = await nueva({ estado: 'Anulada', total: 5000, montoRecibido: 5000 });

    // The migration's data statements, as written in the file (its function is already in place).
    const archivo = fs.readFileSync(path.join(import.meta.dirname, '../../db/migrations/0019_venta_pagada_completada.sql'), 'utf8');
    const sentencias = archivo.split('--> statement-breakpoint').slice(1);
    expect(sentencias).toHaveLength(2);
    for (const sentencia of sentencias) await db.execute(sql.raw(sentencia));

    expect(await estados(pagada)).toEqual({ venta: 'Completada', lineas: ['Pagado'] });
    expect(await estados(parteFiada)).toEqual({ venta: 'Completada', lineas: ['Pagado'] });
    expect(await estados(porPasos)).toEqual({ venta: 'Pendiente', lineas: ['Pendiente'] });
    expect(await estados(anulada)).toEqual({ venta: 'Anulada', lineas: ['Anulada'] });
    // Each completion is in the store's activity log.
    const log = await db.select({ tipo: actividad.tipo, detalle: actividad.detalle, persona: actividad.usuarioNombre }).from(actividad).where(eq(actividad.tiendaId, s.id));
    expect(log.filter((e) => e.tipo === 'completada')).toEqual([
      { tipo: 'completada', detalle: { ventaId: pagada, total: 5000, porMigracion: true }, persona: 'Actualización del sistema' },
      { tipo: 'completada', detalle: { ventaId: parteFiada, total: 5000, porMigracion: true }, persona: 'Actualización del sistema' },
    ]);
  });
});
