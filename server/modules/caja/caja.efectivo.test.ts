/**
 * The drawer's cash as one SQL expression (`efectivoEsperadoSql`, issue #54 point 6): a return reads
 * it with its other facts instead of the Z report's five statements, so it must say what the Z report
 * says. A shift with every kind of movement — cash sales, a sale partly on credit, one by transfer, an
 * annulled one, a cash abono, cash in and out, a cash refund and a refund to fiado — is read both ways
 * after each step.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import { crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { turno } from '../../db/schema';
import { ayudasDevolucion } from '../devolucion/devolucion.fixtures';
import { efectivoEsperadoSql, esperados, calcularResumen } from './caja.resumen';

const t = usarApp();
const { req, crearProducto, vender, lineasDe } = ayudasDevolucion(t, 'efectivo');

describe('el efectivo de la caja en una expresión', () => {
  it('dice lo mismo que el informe Z después de cada movimiento', async () => {
    const s = await crearTienda(t);
    const turnoId = (await req('GET', '/api/caja/turno', s.token)).json().turno.id as number;
    const comparar = async () => {
      const z = (await req('GET', `/api/caja/turnos/${turnoId}`, s.token)).json();
      const delZ = z.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === METODO.EFECTIVO).esperado as number;
      const [fila] = await t.database.db
        .select({ e: efectivoEsperadoSql(sql`${turno.idTurno}`, sql`${turno.fondoInicial}`), fondo: turno.fondoInicial })
        .from(turno)
        .where(eq(turno.idTurno, turnoId));
      expect(fila!.e).toBe(delZ);
      expect(fila!.e).toBe(esperados(await calcularResumen(t.database.db, turnoId), fila!.fondo)[METODO.EFECTIVO]);
      return fila!.e;
    };
    const inicial = await comparar();
    const p = await crearProducto(s.id, 10_000, 100);
    const contado = await vender(s.token, [{ productoId: p, cantidad: 3 }]);
    expect(await comparar()).toBe(inicial + 30_000);
    await vender(s.token, [{ productoId: p, cantidad: 1 }], { metodoPagoId: 3, montoRecibido: 10_000, referencia: 'T-1' });
    expect(await comparar()).toBe(inicial + 30_000);
    // A customer with credit: a sale half on fiado, then a cash abono.
    const documento = '71234567';
    const c = await req('POST', '/api/clientes', s.token, { documento, tipoDocumento: 'CC', nombre: 'Ana', apellido: 'Caja', correo: '', fiado: true, cupo: 500_000 });
    expect(c.statusCode, c.body).toBe(201);
    const mixta = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 5_000, aCredito: true, documentoCliente: documento });
    expect(mixta.statusCode, mixta.body).toBe(201);
    expect(await comparar()).toBe(inicial + 35_000);
    expect((await req('POST', `/api/clientes/${c.json().cliente.id}/abonos`, s.token, { monto: 4_000, metodoPagoId: 5 })).statusCode).toBe(201);
    expect(await comparar()).toBe(inicial + 39_000);
    // Cash in and out, an annulled sale.
    expect((await req('POST', '/api/caja/movimientos', s.token, { tipo: 'entrada', monto: 7_000, motivo: 'cambio traído' })).statusCode).toBe(201);
    expect((await req('POST', '/api/caja/movimientos', s.token, { tipo: 'salida', monto: 2_000, motivo: 'pago a proveedor' })).statusCode).toBe(201);
    const anulada = await vender(s.token, [{ productoId: p, cantidad: 1 }]);
    expect((await req('POST', `/api/ventas/${anulada}/anular`, s.token)).statusCode).toBe(200);
    expect(await comparar()).toBe(inicial + 44_000);
    // A cash refund and a refund of the credited part.
    const [l] = (await lineasDe(s.token, contado)).lineas;
    const dev = await req('POST', `/api/ventas/${contado}/devoluciones`, s.token, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }], metodoPagoId: 5, motivo: 'No le sirvió' });
    expect(dev.statusCode, dev.body).toBe(201);
    expect(await comparar()).toBe(inicial + 34_000);
    const [m] = (await lineasDe(s.token, mixta.json().id)).lineas;
    const fiada = await req('POST', `/api/ventas/${mixta.json().id}/devoluciones`, s.token, { lineas: [{ facturaId: m!.facturaId, cantidad: 1, destino: 'inventario' }], metodoPagoId: 7, motivo: 'No le sirvió' });
    expect(fiada.statusCode, fiada.body).toBe(201);
    expect(await comparar()).toBe(inicial + 34_000);
  });
});
