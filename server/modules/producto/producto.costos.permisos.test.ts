/**
 * Costs hidden (issue #27 point 1, "ver costos y reportes"): a role without `reportes` never gets a
 * product's cost — the last unit cost, the average cost, the margin — from any face that reads
 * products: the store API's list, search, detail and export, the till's search, the old controller
 * API's detail and lists, the back-office (role 1's; an employee is refused at its door), and the
 * product domain's own reads, which every face goes through (null there). Role 1 and a role with the
 * permission still see them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { producto } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { legacy } from '../../legacy/test-client';
import * as dominio from './producto.domain';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Distinctive amounts: found anywhere in an answer, the cost leaked.
const COSTO = 187_613;
const PROMEDIO = 179_341;
const PRECIO = 250_000;

const get = async (token: string, url: string) => {
  const r = await t.request({ method: 'GET', url, token });
  return { status: r.statusCode, texto: r.body };
};
const sinCostos = (texto: string) => {
  expect(texto).not.toMatch(/costo|margen/i);
  expect(texto).not.toContain(String(COSTO));
  expect(texto).not.toContain(String(PROMEDIO));
};

async function tiendaConCostos() {
  const s = await crearTienda(t, { sinCaja: true });
  const empleado = await crearEmpleado(t, s.codigo, { sinCaja: true });
  const encargado = await crearEmpleado(t, s.codigo, { sinCaja: true, rol: ROL.ENCARGADO });
  const r = await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre: 'Aceite Premier 3000 ml', precio: PRECIO, cantidad: 10 } });
  expect(r.statusCode, r.body).toBe(201);
  const id = r.json().producto.id as number;
  await t.database.db.update(producto).set({ costo: COSTO, costoPromedio: PROMEDIO }).where(eq(producto.idProducto, id));
  // The owner takes "Ver costos y reportes" from role 2.
  const actuales = (await t.request({ method: 'GET', url: '/api/tienda/permisos', token: s.token })).json();
  actuales.roles[ROL.EMPLEADO].reportes = false;
  expect((await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: actuales })).statusCode).toBe(200);
  return { s, empleado: empleado.token, encargado: encargado.token, id };
}

describe('los costos solo para quien puede verlos', { timeout: 180_000 }, () => {
  it('un empleado (rol 2) sin «Ver costos y reportes» no recibe costo, costo promedio ni margen por ninguna cara', async () => {
    const { s, empleado, id } = await tiendaConCostos();
    const L = legacy(t);

    // The store API: list, name search (the trigram path too), detail, export; the till's search.
    for (const url of ['/api/productos', '/api/productos?q=Ac', '/api/productos?q=Aceite', `/api/productos/${id}`, '/api/productos/exportar/csv', '/api/ventas/productos?q=Aceite']) {
      const r = await get(empleado, url);
      expect(r.status, `${url}: ${r.texto}`).toBe(200);
      expect(r.texto, url).toContain('Aceite Premier');
      sinCostos(r.texto);
    }
    // The costs' own route refuses.
    const costos = await get(empleado, `/api/compras/costos?ids=${id}`);
    expect(costos.status).toBe(403);
    expect(JSON.parse(costos.texto).error.message).toBe(M.permisos.denegado.reportes);

    // The old controller API: the detail form and both catalogue lists.
    const llamadas: Record<string, string | number | boolean>[] = [{ consultaDatosProducto: id }, { listarProductosApp: true, codigo_invitacion: s.codigo }, { listarProductosAppPrecio: true, codigo_invitacion: s.codigo }];
    for (const query of llamadas) {
      const r = await L.get('producto', query, empleado);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(JSON.stringify(r.body)).toContain('Aceite Premier');
      sinCostos(JSON.stringify(r.body));
    }

    // The back-office is role 1's: an employee is refused before anything is read.
    for (const url of ['/api/crud/producto', `/api/crud/producto/${id}`]) {
      const r = await get(empleado, url);
      expect(r.status).toBe(403);
      sinCostos(r.texto);
    }
    const lista = await L.get('producto', { listar: true }, empleado);
    expect(lista.status).toBe(403);
    sinCostos(JSON.stringify(lista.body));

    // The domain's reads, which every face goes through: the costs are null for this reader.
    const lector = { rol: ROL.EMPLEADO };
    const scope = { tiendaId: s.id };
    expect(await dominio.obtenerProducto({ db: t.database.db, scope, id, lector })).toMatchObject({ costo: null, costoPromedio: null });
    for (const q of ['', 'Aceite'])
      for (const orden of ['nombre', 'recientes'] as const) {
        const page = await dominio.listarProductos({ db: t.database.db, scope, q, page: 1, pageSize: 10, orden, lector });
        expect(page.items.map((p) => [p.idProducto, p.costo, p.costoPromedio])).toEqual([[id, null, null]]);
      }
  });

  it('el administrador y un rol con el permiso sí los ven', async () => {
    const { s, encargado, id } = await tiendaConCostos();
    const scope = { tiendaId: s.id };
    const conCostos = { costo: COSTO, costoPromedio: PROMEDIO };
    // Role 3 keeps "Ver costos y reportes" by default; role 1 always may.
    for (const lector of [{ rol: ROL.ENCARGADO }, { rol: ROL.ADMIN }]) {
      expect(await dominio.obtenerProducto({ db: t.database.db, scope, id, lector })).toMatchObject(conCostos);
      expect((await dominio.listarProductos({ db: t.database.db, scope, q: 'Aceite', page: 1, pageSize: 10, orden: 'nombre', lector })).items[0]).toMatchObject(conCostos);
    }
    // The back-office (role 1) lists and reads them.
    const fila = await t.request({ method: 'GET', url: `/api/crud/producto/${id}`, token: s.token });
    expect(fila.json()).toMatchObject(conCostos);
    expect((await t.request({ method: 'GET', url: '/api/crud/producto', token: s.token })).json().items[0]).toMatchObject(conCostos);
    // The costs' own route answers the encargado.
    const costos = await t.request({ method: 'GET', url: `/api/compras/costos?ids=${id}`, token: encargado });
    expect(costos.statusCode, costos.body).toBe(200);
    expect(costos.json()[0]).toMatchObject({ productoId: id, costo: COSTO, costoPromedio: PROMEDIO });
  });
});
