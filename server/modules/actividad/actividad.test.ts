import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, tienda, usuario } from '../../db/schema';
import { crearEmpleado, crearTienda, PASSWORD } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { diaDeTienda } from '../../../tests/helpers/dia-tienda';
import { legacy } from '../../legacy/test-client';
import { celdaCsv, registrarActividad } from './actividad.domain';

/** The store's activity log (issue #27 point 6): what it records, who reads it, its filters and its CSV. */
const t = usarApp();
const leer = async (token: string, query = '') => t.request({ method: 'GET', url: `/api/actividad${query}`, token });

describe('registro de actividad', { timeout: 60_000 }, () => {
  it('cada inicio de sesión queda con quién, cuándo y por qué cara; solo el rol 1 lo lee', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    const L = legacy(t);
    await L.login('empleado', e.email, PASSWORD);

    const res = await leer(s.token, '?tipo=sesion');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    // The store's own sign-in (crearTienda), the employee's through the store API and through the legacy API.
    expect(page.total).toBe(3);
    expect(page.items.map((i: { persona: string; cara: string }) => [i.persona, i.cara])).toEqual([
      ['Ana Pérez', 'legacy'],
      ['Ana Pérez', 'tienda'],
      [M.actividad.cuentaTienda, 'tienda'],
    ]);
    expect(page.items[0].descripcion).toBe('Inició sesión');

    for (const rol of [ROL.EMPLEADO, ROL.ENCARGADO]) {
      const otro = await crearEmpleado(t, s.codigo, { sinCaja: true, rol });
      const refused = await leer(otro.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(M.actividad.soloAdministrador);
      expect((await t.request({ method: 'GET', url: '/api/actividad/csv', token: otro.token })).statusCode).toBe(403);
    }
    // Another store sees only its own sign-in.
    const otra = await crearTienda(t, { sinCaja: true });
    expect((await leer(otra.token)).json().total).toBe(1);
  });

  it('filtra por persona, tipo y día de la tienda (su zona horaria)', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await crearEmpleado(t, s.codigo, { sinCaja: true });
    const db = t.database.db;
    const [emp] = await db.select().from(usuario).where(eq(usuario.tiendaId, s.id));
    // 02:00 UTC of 10 March is still 9 March in Bogotá (UTC−5).
    await db.insert(actividad).values({ tiendaId: s.id, fecha: new Date('2026-03-10T02:00:00Z'), usuarioId: emp!.idUsuario, usuarioNombre: 'Ana Pérez', rolId: 2, cara: 'tienda', tipo: 'stock', detalle: { productoId: 1, producto: 'Arroz', anterior: 5, nuevo: 3 } });
    await db.insert(actividad).values({ tiendaId: s.id, fecha: new Date('2026-03-10T15:00:00Z'), usuarioId: null, usuarioNombre: M.actividad.cuentaTienda, rolId: 1, cara: 'crud', tipo: 'precio', detalle: { productoId: 1, producto: 'Arroz', anterior: 2500, nuevo: 2800 } });

    const dia9 = (await leer(s.token, '?desde=2026-03-09&hasta=2026-03-09')).json();
    expect(dia9.items.map((i: { tipo: string }) => i.tipo)).toEqual(['stock']);
    expect(dia9.items[0].descripcion).toBe('Stock de «Arroz»: 5 → 3');
    const dia10 = (await leer(s.token, '?desde=2026-03-10&hasta=2026-03-10')).json();
    expect(dia10.items.map((i: { descripcion: string }) => i.descripcion)).toEqual(['Precio de «Arroz»: $ 2.500 → $ 2.800']);

    const deAna = (await leer(s.token, `?persona=${emp!.idUsuario}&tipo=stock`)).json();
    expect(deAna.total).toBe(1);
    const deLaTienda = (await leer(s.token, '?persona=tienda')).json();
    expect(deLaTienda.items.map((i: { tipo: string }) => i.tipo)).toEqual(['sesion', 'precio']);

    const personas = (await t.request({ method: 'GET', url: '/api/actividad/personas', token: s.token })).json();
    expect(personas.items).toEqual([
      { id: emp!.idUsuario, nombre: 'Ana Pérez' },
      { id: null, nombre: M.actividad.cuentaTienda },
    ]);

    // The same instants in another zone: in Madrid (UTC+1 in March) both fall on the 10th.
    await db.update(tienda).set({ zonaHoraria: 'Europe/Madrid' }).where(eq(tienda.idTienda, s.id));
    expect((await leer(s.token, '?desde=2026-03-10&hasta=2026-03-10')).json().total).toBe(2);

    const malo = await leer(s.token, '?desde=2026-03-11&hasta=2026-03-10');
    expect(malo.statusCode).toBe(400);
    expect(malo.json().error.fields.hasta).toBe(M.actividad.rangoInvalido);
  });

  it('el CSV abre en Excel en español: BOM UTF-8, punto y coma, fechas de la tienda, textos como texto', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const db = t.database.db;
    await db.insert(actividad).values({ tiendaId: s.id, fecha: new Date('2026-03-10T02:00:00Z'), usuarioId: null, usuarioNombre: M.actividad.cuentaTienda, rolId: 1, cara: 'legacy', tipo: 'eliminacion', detalle: { entidad: 'producto', id: 7, nombre: '=HYPERLINK("x");"Leche"' } });
    const res = await t.request({ method: 'GET', url: '/api/actividad/csv?tipo=eliminacion', token: s.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="actividad-${diaDeTienda()}.csv"`); // the store's day, not UTC's
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Fecha;Persona;Rol;Por;Tipo;Detalle');
    expect(lines[1]).toBe(`2026-03-09 21:00:00;${M.actividad.cuentaTienda};Administrador;API heredada;Eliminación;"Eliminó el producto «=HYPERLINK(""x"");""Leche""» (#7)"`);
    expect(lines[2]).toBe('');
    expect(lines).toHaveLength(3);
    expect(celdaCsv('=1+1')).toBe("'=1+1");
    expect(celdaCsv('-5')).toBe("'-5");
  });

  it('solo se agregan filas: cambiar o borrar una entrada falla; borrar la tienda o la cuenta sí funciona', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    const db = t.database.db;
    const [emp] = await db.select().from(usuario).where(eq(usuario.correo, e.email));
    await registrarActividad(db, { tiendaId: s.id, usuarioId: emp!.idUsuario, cara: 'crud', tipo: 'anulacion', detalle: { ventaId: 1, total: 5000 } });
    await expect(db.update(actividad).set({ tipo: 'sesion' }).where(eq(actividad.tiendaId, s.id))).rejects.toThrow();
    await expect(db.delete(actividad).where(eq(actividad.tiendaId, s.id))).rejects.toThrow();
    await expect(db.update(actividad).set({ usuarioId: null }).where(eq(actividad.tiendaId, s.id))).rejects.toThrow();

    // The account goes: its entries stay, with the name they recorded.
    await db.delete(usuario).where(eq(usuario.idUsuario, emp!.idUsuario));
    const filas = await db.select().from(actividad).where(eq(actividad.tiendaId, s.id));
    expect(filas.find((f) => f.tipo === 'anulacion')).toMatchObject({ usuarioId: null, usuarioNombre: 'Ana Pérez', rolId: 2 });
    // The store goes: its log goes with it.
    await db.delete(tienda).where(eq(tienda.idTienda, s.id));
    expect(await db.select().from(actividad).where(eq(actividad.tiendaId, s.id))).toEqual([]);
  });
});
