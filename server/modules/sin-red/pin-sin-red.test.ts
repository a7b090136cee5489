/**
 * Issue #53 point 3, ADR 053: a supervisor's PIN checked on an offline device. The server makes a
 * PBKDF2 verifier when the PIN is set (or at its next right check online, for a PIN set before), sends
 * the verifiers only to a cashier's authorised device of the store with the catalogue, and checks again
 * at sync a discount authorised offline: the supervisor still one, the PIN's version the one the device
 * checked. Either way the sale is listed under Revisar.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { pinCorresponde } from '#shared/pin-verificador';
import { ROL } from '#shared/roles';
import type { TDatosSinRed, TDispositivo, TVentasRevisar } from '#shared/schemas/sin-red';
import { SUPERVISOR_TIENDA } from '#shared/schemas/venta';
import { actividad, producto, tienda as tiendaT, usuario, venta } from '../../db/schema';
import { crearEmpleado, crearTienda, PASSWORD, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();
const req = peticion(t);
const db = () => t.database.db;
const S = M.sinRed;

const claveNueva = () => randomBytes(32).toString('base64url');
const idDe = async (documento: string) => (await db().select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, documento)))[0]!.id;
const ponerPin = async (token: string, pin: string) => expect((await req('PUT', '/api/cuenta/pin', token, { contrasena: PASSWORD, pin })).statusCode).toBe(200);

/** A device asked by `token` and authorised by the owner, with its prefix. */
async function equipoDe(s: Tienda, token: string, autorizar = true): Promise<TDispositivo> {
  const clave = claveNueva();
  const e = await req('POST', '/api/sin-red/equipo', token, { clave });
  expect(e.statusCode, e.body).toBe(200);
  if (autorizar && e.json().estado !== 'autorizado') expect((await req('POST', `/api/sin-red/equipos/${e.json().id}/autorizar`, s.token)).statusCode).toBe(200);
  const d = await req('POST', '/api/sin-red/dispositivos', token, { clave });
  expect(d.statusCode, d.body).toBe(201);
  return d.json();
}
const datos = async (token: string, d?: TDispositivo): Promise<TDatosSinRed> => {
  const r = await req('GET', `/api/sin-red/datos${d ? `?dispositivoId=${d.id}` : ''}`, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

/** A store with a cashier and an encargado (Laura Díaz) whose PIN is 4827, a product and the cashier's authorised device. */
async function tiendaConSupervisor() {
  const s = await crearTienda(t);
  const cajero = await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO });
  const sup = await crearEmpleado(t, s.codigo, { nombre: 'Laura', apellido: 'Díaz', rol: ROL.ENCARGADO });
  await ponerPin(sup.token, '4827');
  const [p] = await db().insert(producto).values({ tiendaId: s.id, nombre: 'Leche', precioUnit: 4000, stock: 50, estado: 1 }).returning();
  return { s, cajero, sup: { ...sup, id: await idDe(sup.documento) }, productoId: p!.idProducto, d: await equipoDe(s, cajero.token) };
}

const ventaConDescuento = (d: TDispositivo, n: number, productoId: number, autorizacion?: { supervisorId: number; version: number }) => ({
  clave: randomUUID(),
  lineas: [{ productoId, cantidad: 2, descuento: { tipo: 'valor', valor: 500 } }],
  motivoDescuento: 'Cliente frecuente',
  metodoPagoId: 5,
  montoRecibido: 10_000,
  sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-${n}`, fecha: new Date().toISOString(), reloj: new Date().toISOString(), ...(autorizacion ? { autorizacion } : {}) },
});
const motivosDe = async (s: Tienda, ventaId: number) => ((await req('GET', '/api/sin-red/revisar', s.token)).json() as TVentasRevisar).items.find((i) => i.ventaId === ventaId)?.motivos;
const autorizadaPor = async (ventaId: number) => (await db().select({ u: venta.autorizadoPor, t: venta.autorizadoPorTienda }).from(venta).where(eq(venta.idVenta, ventaId)))[0]!;

describe('los verificadores del PIN para vender sin red', { timeout: 120_000 }, () => {
  it('llegan solo al equipo autorizado de un cajero de la tienda, con la descarga, y nunca el PIN', async () => {
    const { s, cajero, sup, d } = await tiendaConSupervisor();
    const r = await datos(cajero.token, d);
    expect(r.supervisores).toEqual([expect.objectContaining({ id: sup.id, nombre: 'Laura Díaz', version: 1, iteraciones: expect.any(Number) })]);
    const v = r.supervisores![0]!;
    expect(await pinCorresponde('4827', v)).toBe(true);
    expect(await pinCorresponde('4828', v)).toBe(false);
    expect(JSON.stringify(r)).not.toContain('4827');
    // Without naming its prefix, for a device not authorised, another account's prefix, role 1 or another store: none.
    expect((await datos(cajero.token)).supervisores).toBeUndefined();
    const otroCajero = await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO });
    expect((await datos(otroCajero.token, await equipoDe(s, otroCajero.token, false))).supervisores).toBeUndefined();
    expect((await datos(otroCajero.token, d)).supervisores).toBeUndefined();
    expect((await datos(s.token, await equipoDe(s, s.token))).supervisores).toBeUndefined();
    const otra = await crearTienda(t);
    const ajeno = await crearEmpleado(t, otra.codigo, { rol: ROL.EMPLEADO });
    expect((await datos(ajeno.token, await equipoDe(otra, ajeno.token))).supervisores).toEqual([]);
    // A later page of products carries none either.
    expect((await req('GET', `/api/sin-red/datos?dispositivoId=${d.id}&tras=1`, cajero.token)).json().supervisores).toBeUndefined();
  });

  it('un PIN puesto antes recibe su verificador en su siguiente uso correcto en línea; el de la cuenta de la tienda también', async () => {
    const { s, cajero, sup, productoId, d } = await tiendaConSupervisor();
    // A PIN from before verifiers existed: none on the device.
    await db().update(usuario).set({ pinVerificador: null, pinVersion: 0 }).where(eq(usuario.idUsuario, sup.id));
    await ponerPin(s.token, '5937');
    await db().update(tiendaT).set({ pinVerificador: null }).where(eq(tiendaT.idTienda, s.id));
    expect((await datos(cajero.token, d)).supervisores).toEqual([]);
    // A wrong PIN online makes none.
    const vender = (supervisorId: number, pin: string) =>
      req('POST', '/api/ventas', cajero.token, { lineas: [{ productoId, cantidad: 1, descuento: { tipo: 'valor', valor: 100 } }], motivoDescuento: 'Cliente frecuente', metodoPagoId: 5, montoRecibido: 10_000, autorizacion: { supervisorId, pin } });
    expect((await vender(sup.id, '1111')).statusCode).toBe(403);
    expect((await datos(cajero.token, d)).supervisores).toEqual([]);
    expect((await vender(sup.id, '4827')).statusCode).toBe(201);
    expect((await vender(SUPERVISOR_TIENDA, '5937')).statusCode).toBe(201);
    const lista = (await datos(cajero.token, d)).supervisores!;
    expect(lista.map((x) => [x.id, x.version])).toEqual([
      [SUPERVISOR_TIENDA, 1],
      [sup.id, 0],
    ]);
    expect(await pinCorresponde('4827', lista[1]!)).toBe(true);
    expect(await pinCorresponde('5937', lista[0]!)).toBe(true);
  });
});

describe('el descuento autorizado sin red se comprueba al sincronizar', { timeout: 120_000 }, () => {
  it('con el supervisor y la versión de su PIN vigentes: queda autorizado por él y se lista en Revisar', async () => {
    const { s, cajero, sup, productoId, d } = await tiendaConSupervisor();
    const r = await req('POST', '/api/sin-red/ventas', cajero.token, ventaConDescuento(d, 1, productoId, { supervisorId: sup.id, version: 1 }));
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().id as number;
    expect(r.json().total).toBe(7500);
    expect(await autorizadaPor(id)).toEqual({ u: sup.id, t: false });
    expect(await motivosDe(s, id)).toEqual([S.motivoPinSinRed('$ 500', 'Laura Díaz')]);
    const [log] = await db().select({ detalle: actividad.detalle }).from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'descuento')));
    expect(log!.detalle).toMatchObject({ ventaId: id, monto: 500, autorizadoPorId: sup.id, autorizadoPor: 'Laura Díaz' });
  });

  it('si el PIN cambió, el supervisor dejó de serlo o no existe, la venta queda sin autorizador y con el motivo', async () => {
    const { s, cajero, sup, productoId, d } = await tiendaConSupervisor();
    await ponerPin(sup.token, '5937');
    const cambiado = await req('POST', '/api/sin-red/ventas', cajero.token, ventaConDescuento(d, 1, productoId, { supervisorId: sup.id, version: 1 }));
    expect(cambiado.statusCode, cambiado.body).toBe(201);
    expect(await autorizadaPor(cambiado.json().id)).toEqual({ u: null, t: false });
    expect(await motivosDe(s, cambiado.json().id)).toEqual([S.motivoPinCambiado('$ 500', 'Laura Díaz')]);

    await db().update(usuario).set({ rolId: ROL.EMPLEADO }).where(eq(usuario.idUsuario, sup.id));
    const degradado = await req('POST', '/api/sin-red/ventas', cajero.token, ventaConDescuento(d, 2, productoId, { supervisorId: sup.id, version: 2 }));
    expect(degradado.statusCode, degradado.body).toBe(201);
    expect(await motivosDe(s, degradado.json().id)).toEqual([S.motivoPinNoSupervisor('$ 500')]);
    // Another store's user, or the store account without a PIN: the same.
    const otra = await crearTienda(t);
    const ajeno = await crearEmpleado(t, otra.codigo, { rol: ROL.ENCARGADO });
    const deOtra = await req('POST', '/api/sin-red/ventas', cajero.token, ventaConDescuento(d, 3, productoId, { supervisorId: await idDe(ajeno.documento), version: 0 }));
    expect(await motivosDe(s, deOtra.json().id)).toEqual([S.motivoPinNoSupervisor('$ 500')]);
    const tiendaSinPin = await req('POST', '/api/sin-red/ventas', cajero.token, ventaConDescuento(d, 4, productoId, { supervisorId: SUPERVISOR_TIENDA, version: 0 }));
    expect(await motivosDe(s, tiendaSinPin.json().id)).toEqual([S.motivoPinNoSupervisor('$ 500')]);
    // Without any authorisation (an old outbox): as before.
    const sinPin = await req('POST', '/api/sin-red/ventas', cajero.token, ventaConDescuento(d, 5, productoId));
    expect(await motivosDe(s, sinPin.json().id)).toEqual([S.motivoDescuentoSinPin('$ 500')]);
  });

  it('la versión y el supervisor se validan: valores fuera de rango son un 400 en español y no se registra nada', async () => {
    const { cajero, productoId, d } = await tiendaConSupervisor();
    for (const autorizacion of [{ supervisorId: -1, version: 0 }, { supervisorId: 1, version: 2 ** 40 }, { supervisorId: 1 }, { supervisorId: 1, version: 1, pin: '4827' }]) {
      const body = ventaConDescuento(d, 1, productoId);
      const r = await req('POST', '/api/sin-red/ventas', cajero.token, { ...body, sinRed: { ...body.sinRed, autorizacion } });
      if ('pin' in autorizacion) {
        // A PIN is never taken from the outbox: the extra key is dropped, the sale is reviewed as one without authorisation.
        expect(r.statusCode, r.body).toBe(201);
        continue;
      }
      expect(r.statusCode, JSON.stringify(autorizacion)).toBe(400);
      expect(typeof r.json().error.message).toBe('string');
    }
  });
});
