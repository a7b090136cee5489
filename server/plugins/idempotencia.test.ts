import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { cajaMovimiento, cliente, creditoMovimiento, producto } from '../db/schema';
import { crearTienda, type Tienda } from '../../tests/helpers/factories';
import { usarReenvio, type TestApp } from '../../tests/helpers/test-app';

/**
 * A write sent twice is done once (issue #50 point 1): the audit's nginx re-sent a slow abono and a
 * cash movement to the other instance, and both were recorded twice. Here every copy goes through a
 * second instance on the same database, with the same Idempotency-Key, as nginx re-sends it.
 */
const { t, otra, nuevaClave } = usarReenvio('prueba');
let s: Tienda;
let seq = 0;

beforeAll(async () => {
  s = await crearTienda(t);
});

const enviar = (app: TestApp, url: string, clave: string | undefined, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  app.request({ method, url, token: s.token, payload, headers: clave === undefined ? {} : { 'idempotency-key': clave } });

async function clienteConDeuda(deuda: number) {
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: `Arroz idem ${++seq}`, precioUnit: deuda, stock: 100, estado: 1, marca: 'M' }).returning();
  const documento = String(70_000_000 + seq);
  const c = await t.request({ method: 'POST', url: '/api/clientes', token: s.token, payload: { documento, tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Idem', fiado: true, cupo: 1_000_000 } });
  expect(c.statusCode, c.body).toBe(201);
  const v = await t.request({
    method: 'POST',
    url: '/api/ventas',
    token: s.token,
    payload: { lineas: [{ productoId: p!.idProducto, cantidad: 1 }], metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: documento },
  });
  expect(v.statusCode, v.body).toBe(201);
  return c.json().cliente.id as number;
}

const abonosDe = async (clienteId: number) =>
  (await t.database.db.select().from(creditoMovimiento).where(and(eq(creditoMovimiento.clienteId, clienteId), eq(creditoMovimiento.tipo, 'abono')))).length;

describe('una escritura con su clave se hace una vez, la mande quien la mande', () => {
  it('un abono reenviado a la otra instancia responde lo mismo y se registra una vez', async () => {
    const id = await clienteConDeuda(30_000);
    const clave = nuevaClave();
    const primero = await enviar(t, `/api/clientes/${id}/abonos`, clave, { monto: 10_000, metodoPagoId: 5 });
    expect(primero.statusCode, primero.body).toBe(201);
    const copia = await enviar(otra, `/api/clientes/${id}/abonos`, clave, { monto: 10_000, metodoPagoId: 5 });
    expect(copia.statusCode).toBe(201);
    expect(copia.json()).toEqual(primero.json());
    expect(copia.headers['idempotent-replayed']).toBe('true');
    expect(await abonosDe(id)).toBe(1);
    const cuenta = await t.request({ method: 'GET', url: `/api/clientes/${id}/cuenta`, token: s.token });
    expect(cuenta.json().credito.saldo).toBe(20_000);
    // Another key is another abono: the key, not the amount, tells a copy from a second payment.
    expect((await enviar(otra, `/api/clientes/${id}/abonos`, nuevaClave(), { monto: 10_000, metodoPagoId: 5 })).statusCode).toBe(201);
    expect(await abonosDe(id)).toBe(2);
  });

  it('un movimiento de caja reenviado a la vez a las dos instancias sale una sola vez del cajón', async () => {
    const clave = nuevaClave();
    const cuerpo = { tipo: 'salida', monto: 7_300, motivo: 'pago al proveedor de gas' };
    const [a, b] = await Promise.all([enviar(t, '/api/caja/movimientos', clave, cuerpo), enviar(otra, '/api/caja/movimientos', clave, cuerpo)]);
    const codigos = [a.statusCode, b.statusCode].sort();
    // Both answered the same movement, or the copy arrived while the first ran and was told so.
    expect([[201, 201], [201, 409]]).toContainEqual(codigos);
    if (codigos[1] === 409) expect([a, b].find((r) => r.statusCode === 409)!.json().error.message).toBe(M.operacion.claveEnCurso);
    const filas = await t.database.db.select().from(cajaMovimiento).where(and(eq(cajaMovimiento.tiendaId, s.id), eq(cajaMovimiento.monto, 7_300)));
    expect(filas).toHaveLength(1);
  });

  it('una escritura rechazada deja la clave libre: el mismo formulario, corregido, se puede enviar', async () => {
    const id = await clienteConDeuda(5_000);
    const clave = nuevaClave();
    const mucho = await enviar(t, `/api/clientes/${id}/abonos`, clave, { monto: 9_000, metodoPagoId: 5 });
    expect(mucho.statusCode).toBe(422);
    const bien = await enviar(otra, `/api/clientes/${id}/abonos`, clave, { monto: 5_000, metodoPagoId: 5 });
    expect(bien.statusCode, bien.body).toBe(201);
    // The same key for something else once it is spent: refused, nothing recorded.
    const otraCosa = await enviar(t, `/api/clientes/${id}/abonos`, clave, { monto: 1_000, metodoPagoId: 5 });
    expect(otraCosa.statusCode).toBe(422);
    expect(otraCosa.json().error.message).toBe(M.operacion.claveOtraOperacion);
    expect(await abonosDe(id)).toBe(1);
  });

  it('una clave mal formada se rechaza en español y no escribe nada', async () => {
    const r = await enviar(t, '/api/caja/movimientos', 'x', { tipo: 'entrada', monto: 1_234, motivo: 'cambio traído' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(M.operacion.claveInvalida);
    expect(await t.database.db.select().from(cajaMovimiento).where(and(eq(cajaMovimiento.tiendaId, s.id), eq(cajaMovimiento.monto, 1_234)))).toHaveLength(0);
  });

  it('la clave de otra sesión no devuelve su respuesta', async () => {
    const id = await clienteConDeuda(8_000);
    const clave = nuevaClave();
    expect((await enviar(t, `/api/clientes/${id}/abonos`, clave, { monto: 1_000, metodoPagoId: 5 })).statusCode).toBe(201);
    const ajena = await crearTienda(t);
    const r = await t.request({ method: 'POST', url: '/api/caja/movimientos', token: ajena.token, payload: { tipo: 'entrada', monto: 2_000, motivo: 'cambio traído' }, headers: { 'idempotency-key': clave } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.headers['idempotent-replayed']).toBeUndefined();
    const [c] = await t.database.db.select().from(cliente).where(eq(cliente.idCliente, id));
    expect(c).toBeDefined();
  });
});
