import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, producto, productoUnidadVenta, tienda, usuario, usuarioTienda, ventaContador } from '../../server/db/schema';
import { abrirCaja, crearEmpleado, crearTienda, login, peticion, type Tienda } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';
import { comprobarConsistencia } from '../../server/db/consistencia';

/**
 * One owner, several stores, steps 2 and 3 (issue #56, ADR 043): the empresa's owner opens a branch
 * (*Sucursales*) that starts with the current store's catalogue at stock 0 and sells on its own; a
 * session switches store (`POST /api/sesion/tienda`) only into a store where it has a role, or any of
 * the empresa's for its owner; each store's data stays its own, for the same empresa's other store as
 * for another empresa. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);

/** A store with two products (one with a pack) and one sale, as a shop that already works. */
async function tiendaConVentas(): Promise<Tienda & { arroz: number; gaseosa: number; venta: number }> {
  const s = await crearTienda(t, { nombreTienda: 'Minimercado El Sol' });
  const arroz = await req('POST', '/api/productos', s.token, { nombre: 'Arroz Diana 500 g', precio: 2_800, cantidad: 40 });
  const gaseosa = await req('POST', '/api/productos', s.token, { nombre: 'Gaseosa 400 ml', precio: 2_500, cantidad: 24 });
  expect(arroz.statusCode, arroz.body).toBe(201);
  const arrozId = arroz.json().producto.id as number;
  const gaseosaId = gaseosa.json().producto.id as number;
  const paca = await req('POST', `/api/productos/${gaseosaId}/presentaciones`, s.token, { nombre: 'Paca x12', factor: 12, codigoBarras: '7700000000555', precio: 27_000 });
  expect(paca.statusCode, paca.body).toBe(201);
  const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: arrozId, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 10_000 });
  expect(v.statusCode, v.body).toBe(201);
  return { ...s, arroz: arrozId, gaseosa: gaseosaId, venta: v.json().id as number };
}

const cambiar = async (token: string, idTienda: number) => {
  const r = await req('POST', '/api/sesion/tienda', token, { idTienda });
  return r;
};
const tokenEn = async (token: string, idTienda: number) => {
  const r = await cambiar(token, idTienda);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().token as string;
};
const abrirSucursal = async (token: string, nombreTienda: string) => {
  const r = await req('POST', '/api/sucursales', token, { nombreTienda, direccion: 'Cra 7 # 45-10', telefono: '6014567890', zonaHoraria: 'America/Bogota' });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { idTienda: number; codigoInvitacion: string; productos: number; message: string };
};
const nombres = async (token: string) => ((await req('GET', '/api/productos?pageSize=50', token)).json().items as { nombre: string; stock: number; id: number }[]);
const ventasDe = async (token: string) => ((await req('GET', '/api/facturas?pageSize=50', token)).json().items as { idVenta: number; numero: number; total: number }[]);

describe('el dueño abre una sucursal (Sucursales)', () => {
  it('la nueva tienda tiene su código, los productos de la actual con existencias en 0 y sus presentaciones; las dos quedan en la lista', async () => {
    const s = await tiendaConVentas();
    // The rice tracks lots (issue #58): the branch's copy does too, with no lot of the origin's.
    await t.database.db.update(producto).set({ manejaLotes: true }).where(eq(producto.idProducto, s.arroz));
    const nueva = await abrirSucursal(s.token, 'El Sol Norte');
    expect(nueva.productos).toBe(2);
    expect(nueva.message).toBe(M.sucursales.creada('El Sol Norte', 2));
    expect(nueva.codigoInvitacion).not.toBe(s.codigo);
    const db = t.database.db;
    const [fila] = await db.select().from(tienda).where(eq(tienda.idTienda, nueva.idTienda));
    const [origen] = await db.select().from(tienda).where(eq(tienda.idTienda, s.id));
    expect(fila).toMatchObject({ empresaId: origen!.empresaId, nombreTienda: 'El Sol Norte', direccion: 'Cra 7 # 45-10', telefono: '6014567890', correo: null, contrasenaHash: null });
    // Its sales are numbered from 1: no number given yet (ADR 057: the counter's row comes with the first sale).
    expect(await db.select().from(ventaContador).where(eq(ventaContador.tiendaId, nueva.idTienda))).toEqual([]);
    const copia = await db.select({ nombre: producto.nombre, precio: producto.precioUnit, stock: producto.stock, lotes: producto.manejaLotes, proveedor: producto.proveedorId }).from(producto).where(eq(producto.tiendaId, nueva.idTienda)).orderBy(producto.nombre);
    expect(copia).toEqual([
      { nombre: 'Arroz Diana 500 g', precio: 2_800, stock: 0, lotes: true, proveedor: null },
      { nombre: 'Gaseosa 400 ml', precio: 2_500, stock: 0, lotes: false, proveedor: null },
    ]);
    expect(await comprobarConsistencia(db)).toEqual([]);
    const paquetes = await db.select({ nombre: productoUnidadVenta.nombre, precio: productoUnidadVenta.precio, producto: producto.nombre }).from(productoUnidadVenta).innerJoin(producto, eq(producto.idProducto, productoUnidadVenta.productoId)).where(eq(productoUnidadVenta.tiendaId, nueva.idTienda));
    expect(paquetes).toEqual([{ nombre: 'Paca x12', precio: 27_000, producto: 'Gaseosa 400 ml' }]);
    // The first store keeps its own rows and stock.
    expect((await nombres(s.token)).map((p) => p.stock).sort()).toEqual([24, 37]);
    const lista = (await req('GET', '/api/sucursales', s.token)).json().items;
    expect(lista.map((x: { nombreTienda: string; actual: boolean; productos: number }) => [x.nombreTienda, x.actual, x.productos])).toEqual([
      ['Minimercado El Sol', true, 2],
      ['El Sol Norte', false, 2],
    ]);
    // Who opened it, in both stores' logs.
    for (const id of [s.id, nueva.idTienda]) {
      const log = await db.select().from(actividad).where(and(eq(actividad.tiendaId, id), eq(actividad.tipo, 'administracion')));
      expect(log.map((a) => [a.cara, a.usuarioId, (a.detalle as { entidad: string; accion: string; id: number }).entidad, (a.detalle as { id: number }).id])).toContainEqual(['tienda', null, 'tienda', nueva.idTienda]);
    }
  });

  it('un nombre repetido en la empresa, un nombre vacío y una zona inventada se rechazan en el campo', async () => {
    const s = await crearTienda(t, { nombreTienda: 'Droguería Sana' });
    await abrirSucursal(s.token, 'Sana Centro');
    const repetida = await req('POST', '/api/sucursales', s.token, { nombreTienda: 'sana centro' });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().error.fields).toEqual({ nombreTienda: M.sucursales.nombreRepetido });
    const vacia = await req('POST', '/api/sucursales', s.token, { nombreTienda: '  ' });
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json().error.fields.nombreTienda).toBe(M.sucursales.nombreRequerido);
    const zona = await req('POST', '/api/sucursales', s.token, { nombreTienda: 'Sana Sur', zonaHoraria: '-05:00' });
    expect(zona.statusCode).toBe(400);
    // Another empresa may use the same name: it is theirs.
    const otra = await crearTienda(t);
    expect((await req('POST', '/api/sucursales', otra.token, { nombreTienda: 'Sana Centro' })).statusCode).toBe(201);
  });

  it('solo el dueño (la cuenta de la tienda) ve y abre sucursales: un administrador, un encargado y un cajero no', async () => {
    const s = await crearTienda(t);
    for (const rol of [ROL.ADMIN, ROL.ENCARGADO, ROL.EMPLEADO]) {
      const e = await crearEmpleado(t, s.codigo, { rol });
      const lista = await req('GET', '/api/sucursales', e.token);
      expect(lista.statusCode).toBe(403);
      expect(lista.json().error.message).toBe(M.sucursales.soloDueno);
      expect((await req('POST', '/api/sucursales', e.token, { nombreTienda: 'Otra' })).statusCode).toBe(403);
    }
    expect((await t.database.db.select().from(tienda).where(eq(tienda.empresaId, (await t.database.db.select().from(tienda).where(eq(tienda.idTienda, s.id)))[0]!.empresaId))).length).toBe(1);
  });

  it('una tienda de una sola sede sigue igual: una tienda en su lista, y entra a la suya', async () => {
    const s = await crearTienda(t, { nombreTienda: 'Tienda Don Pepe' });
    expect((await req('GET', '/api/sesion/tiendas', s.token)).json().items).toEqual([{ idTienda: s.id, nombreTienda: 'Tienda Don Pepe', rol: ROL.ADMIN, actual: true }]);
    const de = await cambiar(s.token, s.id);
    expect(de.statusCode).toBe(200);
    // The session the layout reads carries its one store: the top bar shows no switcher, and asks nothing more.
    const { tiendas, ...sesion } = (await req('GET', '/api/sesion', s.token)).json();
    expect(de.json().sesion).toEqual(sesion);
    expect(tiendas).toEqual([{ idTienda: s.id, nombreTienda: 'Tienda Don Pepe', rol: ROL.ADMIN, actual: true }]);
  });
});

describe('cambiar de tienda', () => {
  it('el dueño vende en la sucursal con su propia numeración y caja; al volver, la primera tienda no ve esa venta', async () => {
    const s = await tiendaConVentas();
    const norte = await abrirSucursal(s.token, 'El Sol Norte');
    const enNorte = await tokenEn(s.token, norte.idTienda);
    const sesion = (await req('GET', '/api/sesion', enNorte)).json();
    expect(sesion).toMatchObject({ tipo: 'tienda', tienda: 'El Sol Norte', id_Tienda: norte.idTienda, rol: ROL.ADMIN, codigo_invitacion: norte.codigoInvitacion, usuario: 'Minimercado El Sol' });
    // Its own products (stock 0), never the first store's rows.
    const productos = await nombres(enNorte);
    expect(productos.map((p) => [p.nombre, p.stock]).sort()).toEqual([['Arroz Diana 500 g', 0], ['Gaseosa 400 ml', 0]]);
    expect((await req('GET', `/api/productos/${s.arroz}`, enNorte)).statusCode).toBe(404);
    expect((await req('GET', `/api/facturas/${s.venta}`, enNorte)).statusCode).toBe(404);
    expect(await ventasDe(enNorte)).toEqual([]);
    // Stock in, its own caja, a sale numbered 1 in this store.
    const arrozNorte = (await t.database.db.select().from(producto).where(and(eq(producto.tiendaId, norte.idTienda), eq(producto.nombre, 'Arroz Diana 500 g'))))[0]!;
    const edit = await req('PUT', `/api/productos/${arrozNorte.idProducto}`, enNorte, { nombre: 'Arroz Diana 500 g', precio: 3_000, stock: 10, stockMin: 0, estado: 1 });
    expect(edit.statusCode, edit.body).toBe(200);
    // The first store's product is not sold from the branch.
    expect((await req('POST', '/api/ventas', enNorte, { lineas: [{ productoId: s.arroz, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 10_000 })).statusCode).toBeGreaterThanOrEqual(400);
    await abrirCaja(t, enNorte);
    const venta = await req('POST', '/api/ventas', enNorte, { lineas: [{ productoId: arrozNorte.idProducto, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 10_000 });
    expect(venta.statusCode, venta.body).toBe(201);
    expect(venta.json()).toMatchObject({ numero: 1, total: 6_000 });
    const ventaNorte = venta.json().id as number;
    expect((await nombres(enNorte)).find((p) => p.nombre === 'Arroz Diana 500 g')!.stock).toBe(8);
    // Back to the first store: its sales and stock as they were.
    const deVuelta = await tokenEn(enNorte, s.id);
    const ventas = await ventasDe(deVuelta);
    expect(ventas.map((v) => v.idVenta)).toEqual([s.venta]);
    expect((await req('GET', `/api/facturas/${ventaNorte}`, deVuelta)).statusCode).toBe(404);
    expect((await nombres(deVuelta)).find((p) => p.nombre === 'Arroz Diana 500 g')!.stock).toBe(37);
    // Who entered each store, through which face.
    const entradas = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, norte.idTienda), eq(actividad.tipo, 'sesion')));
    expect(entradas.map((a) => [a.cara, a.usuarioId])).toEqual([['tienda', null]]);
  });

  it('un cajero de dos tiendas cambia y ve en cada una solo lo de esa; quitado el rol, esa sesión termina', async () => {
    const s = await tiendaConVentas();
    const norte = await abrirSucursal(s.token, 'El Sol Norte');
    const cajero = await crearEmpleado(t, s.codigo);
    const [u] = await t.database.db.select().from(usuario).where(eq(usuario.documento, cajero.documento));
    // Before the owner gives a role in the branch: only the home store, and no way in.
    expect((await req('GET', '/api/sesion/tiendas', cajero.token)).json().items.map((x: { idTienda: number }) => x.idTienda)).toEqual([s.id]);
    const fuera = await cambiar(cajero.token, norte.idTienda);
    expect(fuera.statusCode).toBe(403);
    expect(fuera.json().error.message).toBe(M.sucursales.sinRolEnTienda);
    const dado = await req('PUT', `/api/sucursales/${norte.idTienda}/personas/${u!.idUsuario}`, s.token, { rol: ROL.EMPLEADO });
    expect(dado.statusCode, dado.body).toBe(200);
    expect((await req('GET', '/api/sesion/tiendas', cajero.token)).json().items).toEqual([
      { idTienda: s.id, nombreTienda: 'Minimercado El Sol', rol: ROL.EMPLEADO, actual: true },
      { idTienda: norte.idTienda, nombreTienda: 'El Sol Norte', rol: ROL.EMPLEADO, actual: false },
    ]);
    const enNorte = await tokenEn(cajero.token, norte.idTienda);
    expect((await req('GET', '/api/sesion', enNorte)).json()).toMatchObject({ tipo: 'empleado', tienda: 'El Sol Norte', id_Tienda: norte.idTienda, rol: ROL.EMPLEADO, codigo_invitacion: null, usuario: 'Ana Pérez' });
    // The session's own read names both stores, the one acted for as the current one (the switcher's list).
    expect((await req('GET', '/api/sesion', enNorte)).json().tiendas).toEqual([
      { idTienda: s.id, nombreTienda: 'Minimercado El Sol', rol: ROL.EMPLEADO, actual: false },
      { idTienda: norte.idTienda, nombreTienda: 'El Sol Norte', rol: ROL.EMPLEADO, actual: true },
    ]);
    expect((await req('GET', `/api/productos/${s.arroz}`, enNorte)).statusCode).toBe(404);
    expect((await nombres(enNorte)).every((p) => p.stock === 0)).toBe(true);
    // A sale in each store: at home from its stock; in the branch once the owner put stock there.
    const venderUno = async (token: string, productoId: number) => {
      const r = await req('POST', '/api/ventas', token, { lineas: [{ productoId, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 5_000 });
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as { id: number; numero: number };
    };
    const enCasa0 = await tokenEn(enNorte, s.id);
    const ventaCasa = await venderUno(enCasa0, s.arroz);
    const arrozNorte = (await t.database.db.select().from(producto).where(and(eq(producto.tiendaId, norte.idTienda), eq(producto.nombre, 'Arroz Diana 500 g'))))[0]!;
    const duenoNorte = await tokenEn(s.token, norte.idTienda);
    expect((await req('PUT', `/api/productos/${arrozNorte.idProducto}`, duenoNorte, { nombre: 'Arroz Diana 500 g', precio: 2_800, stock: 5, stockMin: 0, estado: 1 })).statusCode).toBe(200);
    await abrirCaja(t, enNorte);
    const ventaNorte = await venderUno(enNorte, arrozNorte.idProducto);
    expect(ventaNorte.numero).toBe(1);
    expect((await ventasDe(enNorte)).map((v) => v.idVenta)).toEqual([ventaNorte.id]);
    // Home again: only the home store's sale.
    const enCasa = await tokenEn(enNorte, s.id);
    expect((await ventasDe(enCasa)).map((v) => v.idVenta)).toEqual([ventaCasa.id]);
    expect((await req('GET', `/api/facturas/${ventaNorte.id}`, enCasa)).statusCode).toBe(404);
    // The owner takes the branch's role away: the switched token stops at once; the home one goes on.
    expect((await req('DELETE', `/api/sucursales/${norte.idTienda}/personas/${u!.idUsuario}`, s.token)).statusCode).toBe(200);
    expect((await req('GET', '/api/sesion', enNorte)).statusCode).toBe(401);
    expect((await req('GET', '/api/sesion', enCasa)).statusCode).toBe(200);
    // Recorded in the branch's log, with who and which face.
    const log = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, norte.idTienda), eq(actividad.tipo, 'administracion')));
    expect(log.filter((a) => (a.detalle as { entidad: string }).entidad === 'usuario').map((a) => [a.cara, (a.detalle as { accion: string }).accion])).toEqual([['tienda', 'alta'], ['tienda', 'eliminacion']]);
  });

  it('el dueño ve la gente de cada tienda con su rol (GET /api/sucursales/personas); dar y quitar acceso lo cambia; nadie más la ve', async () => {
    const s = await tiendaConVentas();
    const norte = await abrirSucursal(s.token, 'El Sol Norte');
    const cajero = await crearEmpleado(t, s.codigo, { nombre: 'Beatriz', apellido: 'Gómez' });
    // The branch approves new employees by default; this one signs in at once.
    await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, norte.idTienda));
    const encargado = await crearEmpleado(t, norte.codigoInvitacion, { nombre: 'Carlos', apellido: 'Ruiz', rol: ROL.ENCARGADO });
    const otra = await crearTienda(t);
    await crearEmpleado(t, otra.codigo, { nombre: 'Zoila', apellido: 'Ajena' });
    const idDe = async (documento: string) => (await t.database.db.select().from(usuario).where(eq(usuario.documento, documento)))[0]!.idUsuario;
    const [bea, carlos] = [await idDe(cajero.documento), await idDe(encargado.documento)];
    const personas = async (token = s.token) => {
      const r = await req('GET', '/api/sucursales/personas', token);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().items;
    };
    // Each person with their home store's role; another empresa's people never appear.
    expect(await personas()).toEqual([
      { idUsuario: bea, nombre: 'Beatriz Gómez', tiendaPrincipal: s.id, roles: [{ idTienda: s.id, rol: ROL.EMPLEADO }] },
      { idUsuario: carlos, nombre: 'Carlos Ruiz', tiendaPrincipal: norte.idTienda, roles: [{ idTienda: norte.idTienda, rol: ROL.ENCARGADO }] },
    ]);
    // Given the cashier role in the branch: listed there too; taken away: gone again.
    expect((await req('PUT', `/api/sucursales/${norte.idTienda}/personas/${bea}`, s.token, { rol: ROL.EMPLEADO })).statusCode).toBe(200);
    expect((await personas())[0].roles).toEqual([
      { idTienda: s.id, rol: ROL.EMPLEADO },
      { idTienda: norte.idTienda, rol: ROL.EMPLEADO },
    ]);
    // The same owner switched to the branch sees the same empresa.
    expect(await personas(await tokenEn(s.token, norte.idTienda))).toEqual(await personas());
    expect((await req('DELETE', `/api/sucursales/${norte.idTienda}/personas/${bea}`, s.token)).statusCode).toBe(200);
    expect((await personas())[0].roles).toEqual([{ idTienda: s.id, rol: ROL.EMPLEADO }]);
    // Another empresa's owner sees only its own people; employees (any role) are refused.
    expect((await personas(otra.token)).map((p: { nombre: string }) => p.nombre)).toEqual(['Zoila Ajena']);
    for (const e of [cajero, encargado]) {
      const r = await req('GET', '/api/sucursales/personas', e.token);
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(M.sucursales.soloDueno);
    }
  });

  it('otra empresa no entra a las tiendas de esta, ni da roles en ellas; el dueño no da roles a gente de otra empresa', async () => {
    const s = await tiendaConVentas();
    const norte = await abrirSucursal(s.token, 'El Sol Norte');
    const otra = await crearTienda(t);
    const ajeno = await crearEmpleado(t, otra.codigo);
    const [uAjeno] = await t.database.db.select().from(usuario).where(eq(usuario.documento, ajeno.documento));
    for (const id of [s.id, norte.idTienda]) {
      expect((await cambiar(otra.token, id)).statusCode).toBe(403);
      expect((await cambiar(ajeno.token, id)).statusCode).toBe(403);
    }
    expect((await cambiar(otra.token, 999_999)).json().error.message).toBe(M.sucursales.sinRolEnTienda);
    expect((await req('GET', `/api/productos/${s.arroz}`, otra.token)).statusCode).toBe(404);
    expect((await req('PUT', `/api/sucursales/${norte.idTienda}/personas/${uAjeno!.idUsuario}`, otra.token, { rol: 2 })).statusCode).toBe(404);
    expect((await req('PUT', `/api/sucursales/${norte.idTienda}/personas/${uAjeno!.idUsuario}`, s.token, { rol: 2 })).statusCode).toBe(404);
    expect((await req('GET', '/api/sucursales', otra.token)).json().items.map((x: { idTienda: number }) => x.idTienda)).toEqual([otra.id]);
    expect(await t.database.db.select().from(usuarioTienda).where(eq(usuarioTienda.usuarioId, uAjeno!.idUsuario))).toEqual([expect.objectContaining({ tiendaId: otra.id })]);
  });

  it('el token del dueño en una sucursal sigue a su cuenta: una clave nueva lo termina, y la cuenta vuelve a entrar', async () => {
    const s = await crearTienda(t);
    const norte = await abrirSucursal(s.token, 'Norte');
    const enNorte = await tokenEn(s.token, norte.idTienda);
    // A new password of the owner's account ends its switched sessions too.
    const r = await t.database.db.update(tienda).set({ tokenVersion: 99 }).where(eq(tienda.idTienda, s.id)).returning();
    expect(r.length).toBe(1);
    expect((await req('GET', '/api/sesion', enNorte)).statusCode).toBe(401);
    const otra = await login(t, 'tienda', s.email).catch(() => null);
    expect(otra).toEqual(expect.any(String));
  });
});
