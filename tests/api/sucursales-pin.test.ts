import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROL } from '#shared/roles';
import { SUPERVISOR_TIENDA } from '#shared/schemas/venta';
import { producto, tienda, usuario, venta } from '../../server/db/schema';
import { abrirCaja, crearEmpleado, crearTienda, PASSWORD, peticion } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * A supervisor's PIN in a branch (issue #56 × issue #28): people work in several stores of one empresa
 * (ADR 049), so who may authorise a cashier's discount in a store is whoever holds role 1 or 3 *in that
 * store*, wherever their home store is; a cashier's PIN tries are the person's, in any store; and the
 * store account's PIN is the empresa's login's, which a branch opened from Sucursales has no row of its
 * own for. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);
const db = () => t.database.db;

const tokenEn = async (token: string, idTienda: number) => {
  const r = await req('POST', '/api/sesion/tienda', token, { idTienda });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().token as string;
};
const idDe = async (documento: string) => (await db().select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, documento)))[0]!.id;

/** An empresa with its first store and a branch; a cashier and an encargado of the first store, both given the same role in the branch. */
async function empresaConSucursal() {
  const s = await crearTienda(t, { nombreTienda: 'Droguería La 14' });
  const r = await req('POST', '/api/sucursales', s.token, { nombreTienda: 'La 14 Norte', direccion: 'Cra 7 # 45-10', telefono: '6014567890', zonaHoraria: 'America/Bogota' });
  expect(r.statusCode, r.body).toBe(201);
  const norte = r.json().idTienda as number;
  const cajero = await crearEmpleado(t, s.codigo);
  const encargada = await crearEmpleado(t, s.codigo, { nombre: 'Laura', apellido: 'Díaz' });
  await db().update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.documento, encargada.documento));
  const idEncargada = await idDe(encargada.documento);
  for (const [id, rol] of [[await idDe(cajero.documento), ROL.EMPLEADO], [idEncargada, ROL.ENCARGADO]] as const) {
    const dado = await req('PUT', `/api/sucursales/${norte}/personas/${id}`, s.token, { rol });
    expect(dado.statusCode, dado.body).toBe(200);
  }
  const [p] = await db().insert(producto).values({ tiendaId: norte, nombre: 'Acetaminofén x10', precioUnit: 4_000, stock: 50, estado: 1 }).returning();
  return { s, norte, cajero, encargada: { ...encargada, id: idEncargada }, producto: p!.idProducto };
}

const venderConDescuento = (token: string, productoId: number, autorizacion: { supervisorId: number; pin: string }) =>
  req('POST', '/api/ventas', token, {
    lineas: [{ productoId, cantidad: 2, descuento: { tipo: 'valor', valor: 500 } }],
    motivoDescuento: 'Cliente frecuente',
    metodoPagoId: 5,
    montoRecibido: 10_000,
    autorizacion,
  });

describe('el PIN del supervisor en una sucursal', () => {
  it('la encargada con rol en la sucursal autoriza allí el descuento de un cajero que también trabaja allí', async () => {
    const { norte, cajero, encargada, producto: p } = await empresaConSucursal();
    const encargadaNorte = await tokenEn(encargada.token, norte);
    // Her PIN is hers, set from any store where she supervises.
    const puesto = await req('PUT', '/api/cuenta/pin', encargadaNorte, { contrasena: PASSWORD, pin: '4827' });
    expect(puesto.statusCode, puesto.body).toBe(200);
    const cajeroNorte = await tokenEn(cajero.token, norte);
    await abrirCaja(t, cajeroNorte);
    const sup = await req('GET', '/api/ventas/supervisores', cajeroNorte);
    expect(sup.json()).toEqual([{ id: encargada.id, nombre: 'Laura Díaz' }]);
    const v = await venderConDescuento(cajeroNorte, p, { supervisorId: encargada.id, pin: '4827' });
    expect(v.statusCode, v.body).toBe(201);
    const [fila] = await db().select({ tiendaId: venta.tiendaId, autorizadoPor: venta.autorizadoPor }).from(venta).where(eq(venta.idVenta, v.json().id));
    expect(fila).toEqual({ tiendaId: norte, autorizadoPor: encargada.id });
    // A wrong PIN is a wrong PIN (403), not a cashier "locked" for a store that is not his home.
    const mal = await venderConDescuento(cajeroNorte, p, { supervisorId: encargada.id, pin: '1111' });
    expect(mal.statusCode, mal.body).toBe(403);
  });

  it('el PIN de la cuenta de la tienda sirve en la sucursal: el dueño lo pone desde allí y es el de su cuenta', async () => {
    const { s, norte, cajero, producto: p } = await empresaConSucursal();
    const duenoNorte = await tokenEn(s.token, norte);
    expect((await req('GET', '/api/cuenta/pin', duenoNorte)).json()).toEqual({ tienePin: false, bloqueado: false });
    const puesto = await req('PUT', '/api/cuenta/pin', duenoNorte, { contrasena: PASSWORD, pin: '2468' });
    expect(puesto.statusCode, puesto.body).toBe(200);
    // One PIN for the account: the first store sees it set too; the branch's row holds none.
    expect((await req('GET', '/api/cuenta/pin', s.token)).json()).toEqual({ tienePin: true, bloqueado: false });
    expect((await db().select({ h: tienda.pinHash }).from(tienda).where(eq(tienda.idTienda, norte)))[0]!.h).toBeNull();
    const cajeroNorte = await tokenEn(cajero.token, norte);
    await abrirCaja(t, cajeroNorte);
    expect((await req('GET', '/api/ventas/supervisores', cajeroNorte)).json()).toEqual([{ id: SUPERVISOR_TIENDA, nombre: expect.stringContaining('Droguería La 14') }]);
    const v = await venderConDescuento(cajeroNorte, p, { supervisorId: SUPERVISOR_TIENDA, pin: '2468' });
    expect(v.statusCode, v.body).toBe(201);
    expect((await db().select({ tiendaId: venta.tiendaId }).from(venta).where(eq(venta.idVenta, v.json().id)))[0]!.tiendaId).toBe(norte);
  });

  it('un encargado de otra tienda de la empresa, sin rol en la sucursal, no autoriza allí', async () => {
    const { s, norte, cajero, producto: p } = await empresaConSucursal();
    const otro = await crearEmpleado(t, s.codigo, { nombre: 'Pedro', apellido: 'Gil' });
    await db().update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.documento, otro.documento));
    expect((await req('PUT', '/api/cuenta/pin', otro.token, { contrasena: PASSWORD, pin: '1357' })).statusCode).toBe(200);
    const cajeroNorte = await tokenEn(cajero.token, norte);
    await abrirCaja(t, cajeroNorte);
    expect((await req('GET', '/api/ventas/supervisores', cajeroNorte)).json()).toEqual([]);
    const v = await venderConDescuento(cajeroNorte, p, { supervisorId: await idDe(otro.documento), pin: '1357' });
    expect(v.statusCode, v.body).toBe(403);
  });
});
