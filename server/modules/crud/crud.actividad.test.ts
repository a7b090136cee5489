/**
 * Issue #51 point 8, defaults a shop owner expects. A new store's Empleado (role 2) does not see
 * costs, margins or reports (every employee's sales of the month) until the owner allows it, while a
 * store that existed before keeps what its cashiers had (migration 0055). Every back-office change of
 * users, roles, stores and payment methods is in the activity log with its face and before/after.
 */
import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { actividad, permisoRol } from '../../db/schema';
import { crearEmpleado, crearTienda, PASSWORD } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import { client, crear, createCrudTestApp, nuevoDocumento, operadorToken } from './crud.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createCrudTestApp();
});
afterAll(() => t?.close());

const entradas = async (tiendaId: number) =>
  (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, 'administracion'))).orderBy(asc(actividad.idActividad))).map((a) => ({
    cara: a.cara,
    detalle: a.detalle,
  }));
const log = async (token: string) => (await t.request({ method: 'GET', url: '/api/actividad?tipo=administracion', token })).json().items.map((i: { descripcion: string }) => i.descripcion);

describe('el rol Empleado de una tienda nueva no ve costos ni reportes', () => {
  it('un cajero nuevo recibe 403 en los reportes y no ve costos; el dueño se lo puede dar', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo)).token;
    expect((await t.request({ method: 'GET', url: '/api/tienda/mis-permisos', token: cajero })).json().permisos.reportes).toBe(false);
    const ventas = await t.request({ method: 'GET', url: '/api/reportes/empleados?periodo=mes', token: cajero });
    expect(ventas.statusCode).toBe(403);
    expect(ventas.json().error.message).toBe(M.permisos.denegado.reportes);
    const p = await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre: 'Café', precio: 9000, cantidad: 1 } });
    expect(p.statusCode, p.body).toBe(201);
    await t.database.db.execute(sql`update producto set costo = 6000, costo_promedio = 6000 where id_producto = ${p.json().producto.id}`);
    expect((await t.request({ method: 'GET', url: `/api/compras/costos?ids=${p.json().producto.id}`, token: cajero })).statusCode).toBe(403);
    // The owner decides otherwise: then the cashier sees them.
    const actuales = (await t.request({ method: 'GET', url: '/api/tienda/permisos', token: s.token })).json();
    expect(actuales.roles[2].reportes).toBe(false);
    actuales.roles[2].reportes = true;
    expect((await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: actuales })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/reportes/empleados?periodo=mes', token: cajero })).statusCode).toBe(200);
  });

  it('una tienda que ya existía conserva lo que veían sus cajeros (la migración escribe sus permisos)', async () => {
    const s = await crearTienda(t);
    const cajero = (await crearEmpleado(t, s.codigo)).token;
    await t.database.db.delete(permisoRol).where(eq(permisoRol.tiendaId, s.id));
    // The data part of migration 0055, run again over a store without rows (as every store was before it).
    const sqlMigracion = readFileSync(new URL('../../db/migrations/0055_precio_presentacion_pin_cajero.sql', import.meta.url), 'utf8');
    const insercion = sqlMigracion.slice(sqlMigracion.indexOf('INSERT INTO "permiso_rol"'));
    await t.database.db.execute(sql.raw(insercion));
    expect((await t.request({ method: 'GET', url: '/api/tienda/mis-permisos', token: cajero })).json().permisos).toMatchObject({ reportes: true, productos: true, anular: true, precios: false, stock: false });
    expect((await t.request({ method: 'GET', url: '/api/reportes/empleados?periodo=mes', token: cajero })).statusCode).toBe(200);
  });
});

describe('los cambios de la administración quedan en el registro de actividad', () => {
  it('usuarios: crear, cambiar (rol, correo, contraseña) y eliminar, con antes y después y la cara', async () => {
    const s = await crearTienda(t);
    const crud = client(t, s.token);
    const documento = nuevoDocumento();
    const base = { documento, tipoDoc: 'CC', nombre: 'Pedro', apellido: 'Suárez', email: `pedro-${documento}@prueba.co`, codigo_invitacion: s.codigo };
    const id = await crear(crud, 'usuarios', { ...base, contrasena: PASSWORD, idRol: 2 });
    const cambio = await crud.put(`/usuarios/${id}`, { ...base, email: `pedro2-${documento}@prueba.co`, contrasena: 'OtraClave2024', codigo_invitacion: '', idRol: 3 });
    expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    expect((await crud.del(`/usuarios/${id}`)).status).toBe(200);
    const e = await entradas(s.id);
    expect(e.map((x) => [x.cara, (x.detalle as { accion: string }).accion])).toEqual([
      ['crud', 'alta'],
      ['crud', 'cambio'],
      ['crud', 'eliminacion'],
    ]);
    expect((e[1]!.detalle as { cambios: unknown[] }).cambios).toEqual([
      { campo: 'correo', antes: `pedro-${documento}@prueba.co`, despues: `pedro2-${documento}@prueba.co` },
      { campo: 'rolId', antes: 2, despues: 3 },
      { campo: 'contrasena', antes: null, despues: null },
    ]);
    expect((await log(s.token))[1]).toBe(`Modificó el usuario «Pedro Suárez» (#${id}): correo: pedro-${documento}@prueba.co → pedro2-${documento}@prueba.co; rol: 2 → 3; contraseña: cambiada`);
  });

  it('la tienda: el operador la abre y la cambia; queda en el registro de esa tienda', async () => {
    const op = client(t, await operadorToken(t));
    const correo = `tienda-log-${Date.now()}@prueba.co`;
    const id = await crear(op, 'tienda', { nombreTienda: 'Tienda Registro', correo, contrasena: PASSWORD, telefono: '3001112233' });
    expect((await op.put(`/tienda/${id}`, { nombreTienda: 'Tienda Registro 2', correo, telefono: '3001112233', direccion: 'Calle 1' })).status).toBe(200);
    const e = await entradas(id);
    expect(e.map((x) => [x.cara, (x.detalle as { accion: string }).accion])).toEqual([
      ['crud', 'alta'],
      ['crud', 'cambio'],
    ]);
    expect((e[1]!.detalle as { cambios: unknown[] }).cambios).toEqual([
      { campo: 'nombreTienda', antes: 'Tienda Registro', despues: 'Tienda Registro 2' },
      { campo: 'direccion', antes: null, despues: 'Calle 1' },
    ]);
  });

  it('roles y métodos de pago (catálogos de todas las tiendas): cada cambio del operador queda en el registro de cada tienda', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    const op = client(t, await operadorToken(t));
    const idRol = 40 + Math.floor(Math.random() * 1000);
    expect((await op.post('/roles', { idRol, nombreRol: 'Domiciliario', descripcion: 'Lleva pedidos' })).status).toBe(201);
    expect((await op.put(`/roles/${idRol}`, { idRol, nombreRol: 'Mensajero', descripcion: 'Lleva pedidos' })).status).toBe(200);
    expect((await op.put('/metodosdepago/6', { nombre: 'Bre-B (llaves)' })).status).toBe(200);
    expect((await op.put('/metodosdepago/6', { nombre: 'Bre-B' })).status).toBe(200);
    for (const s of [a, b]) {
      const d = (await entradas(s.id)).map((x) => x.detalle as { entidad: string; accion: string; cambios: unknown[] });
      expect(d.map((x) => [x.entidad, x.accion])).toEqual([
        ['rol', 'alta'],
        ['rol', 'cambio'],
        ['metodo_pago', 'cambio'],
        ['metodo_pago', 'cambio'],
      ]);
      expect(d[1]!.cambios).toEqual([{ campo: 'nombreRol', antes: 'Domiciliario', despues: 'Mensajero' }]);
      expect((await log(s.token))[1]).toBe('Modificó el método de pago «Bre-B (llaves)» (#6): nombre: Bre-B → Bre-B (llaves)');
    }
  });
});
