import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, permisoRol } from '../../db/schema';
import { crearEmpleado, crearTienda, peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { PERMISOS_POR_DEFECTO } from './permisos';

/** The store's permissions (issue #27 point 1): defaults, the owner's decision, its floors and its record. */
const t = usarApp();
const req = peticion(t);

describe('permisos de la tienda', { timeout: 60_000 }, () => {
  it('una tienda nueva (o existente, sin filas) tiene los permisos por defecto; cada rol lee los suyos', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const r = await req('GET', '/api/tienda/permisos', s.token);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ roles: PERMISOS_POR_DEFECTO, umbralCaja: null });
    // Role 2 may NOT change prices or stock, delete anything or give credit.
    expect(PERMISOS_POR_DEFECTO[2]).toMatchObject({ precios: false, stock: false, eliminarProductos: false, eliminarClientesProveedores: false, credito: false, productos: true, anular: true, cajaSobreUmbral: false });
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    expect((await req('GET', '/api/tienda/mis-permisos', e.token)).json()).toEqual({ permisos: PERMISOS_POR_DEFECTO[2], umbralCaja: null });
    const admin = (await req('GET', '/api/tienda/mis-permisos', s.token)).json();
    expect(Object.values(admin.permisos).every(Boolean)).toBe(true);
    for (const rol of [ROL.EMPLEADO, ROL.ENCARGADO]) {
      const otro = await crearEmpleado(t, s.codigo, { sinCaja: true, rol });
      const no = await req('PUT', '/api/tienda/permisos', otro.token, { roles: PERMISOS_POR_DEFECTO, umbralCaja: null });
      expect(no.statusCode).toBe(403);
      expect(no.json().error.message).toBe(M.permisos.soloAdministrador);
    }
  });

  it('el dueño decide; el encargado nunca elimina aunque se envíe; cada cambio queda en el registro de actividad', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const roles = { 2: { ...PERMISOS_POR_DEFECTO[2], precios: true, credito: true }, 3: { ...PERMISOS_POR_DEFECTO[3], eliminarProductos: true, reportes: false } };
    const r = await req('PUT', '/api/tienda/permisos', s.token, { roles, umbralCaja: 200000 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ roles: { 2: roles[2], 3: { ...roles[3], eliminarProductos: false } }, umbralCaja: 200000 });
    expect(await t.database.db.select().from(permisoRol).where(eq(permisoRol.tiendaId, s.id))).toHaveLength(2);

    const log = (await req('GET', '/api/actividad?tipo=permisos', s.token)).json();
    expect(log.items.map((i: { descripcion: string }) => i.descripcion).sort()).toEqual([
      'Permisos de Empleado: Cambiar precios y costos de los productos: no → sí; Dar o subir crédito (fiado): no → sí; Tope de caja sin PIN (pesos): — → $ 200.000',
      'Permisos de Encargado: Ver costos y reportes: sí → no',
    ]);
    // Saving the same again records nothing.
    await req('PUT', '/api/tienda/permisos', s.token, { roles, umbralCaja: 200000 });
    expect((await t.database.db.select().from(actividad).where(eq(actividad.tipo, 'permisos'))).filter((a) => a.tiendaId === s.id)).toHaveLength(2);
  });

  it('un cuerpo incompleto, con claves de más o un tope negativo se rechaza en español y no cambia nada', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    for (const body of [{}, { roles: { 2: PERMISOS_POR_DEFECTO[2] }, umbralCaja: null }, { roles: PERMISOS_POR_DEFECTO, umbralCaja: -1 }, { roles: PERMISOS_POR_DEFECTO, umbralCaja: 1.5 }, { roles: PERMISOS_POR_DEFECTO, umbralCaja: null, otro: 1 }]) {
      const r = await req('PUT', '/api/tienda/permisos', s.token, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error.message).not.toMatch(/Invalid|expected/);
    }
    expect(await t.database.db.select().from(permisoRol).where(eq(permisoRol.tiendaId, s.id))).toEqual([]);
  });
});
