import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { crearTienda } from '../../tests/helpers/factories';
import { usarApp } from '../../tests/helpers/test-app';
import { insertarLote } from './insertar-lote';
import { actividad } from './schema';

const t = usarApp();

/** The bulk insert of imports (one JSON parameter): the same rows `.values()` would write. */
describe('insertarLote', () => {
  let tiendaId: number;
  beforeAll(async () => {
    tiendaId = (await crearTienda(t)).id;
  });
  const database = { get db() { return t.database.db; } };

  it('escribe cada fila con sus tipos (fecha, JSON, texto con comillas), toma el valor por defecto de lo que falta y devuelve los ids en orden', async () => {
    const fecha = new Date('2026-03-01T15:30:00.000Z');
    const filas = [
      { tiendaId, usuarioNombre: 'Ana "la de caja"', rolId: 1, cara: 'tienda', tipo: 'prueba', detalle: { n: 1, texto: 'ñandú, «comillas»' }, fecha },
      { tiendaId, usuarioNombre: 'Beto', rolId: 2, cara: 'tienda', tipo: 'prueba' },
      { tiendaId, usuarioNombre: 'Carla', rolId: 3, cara: 'legacy', tipo: 'prueba', detalle: [1, 2], fecha },
    ];
    const antes = Date.now();
    const ids = await insertarLote(database.db, actividad, filas, { id: actividad.idActividad, quien: actividad.usuarioNombre });
    expect(ids.map((r) => r.quien)).toEqual(['Ana "la de caja"', 'Beto', 'Carla']);
    const leidas = await database.db.select().from(actividad).where(eq(actividad.tiendaId, tiendaId)).orderBy(asc(actividad.idActividad));
    const porId = new Map(leidas.map((r) => [r.idActividad, r]));
    const [a, b, c] = ids.map((r) => porId.get(r.id)!);
    expect(a).toMatchObject({ usuarioNombre: 'Ana "la de caja"', rolId: 1, detalle: { n: 1, texto: 'ñandú, «comillas»' }, fecha });
    expect(c).toMatchObject({ usuarioNombre: 'Carla', cara: 'legacy', detalle: [1, 2], fecha });
    // What a row leaves out takes the column's default, as with .values().
    expect(b!.detalle).toEqual({});
    expect(b!.fecha.getTime()).toBeGreaterThanOrEqual(antes - 60_000);
    expect(await insertarLote(database.db, actividad, [])).toEqual([]);
  });
});
