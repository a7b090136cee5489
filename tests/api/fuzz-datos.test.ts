import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { crearTiendaCompleta } from '../helpers/tienda-completa';

/**
 * Issue #49 point 5: the store's own data, of every shape the product allows (tests/helpers/
 * tienda-completa.ts: weight with 0,05 kg sold, packs, IVA by category for two categories, purchase
 * orders and receipts, fiado, a return, a deleted product and supplier with history), read by every
 * GET route the server registers (its route table) with the owner's token: no answer is a 5xx.
 * Path parameters take the store's own ids (the deleted ones too); report-like routes are also asked
 * for this month and for a range of days.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof crearTiendaCompleta>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await crearTiendaCompleta(t);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string) => t.request({ method: 'GET', url, token: s.token });
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
const hace = (dias: number) => new Date(Date.parse(hoy()) - dias * 86_400_000).toISOString().slice(0, 10);

/** The first numeric id-like field of each row of a list answer (`items`, or the array itself). */
async function idsDe(url: string): Promise<number[]> {
  const res = await get(url);
  if (res.statusCode !== 200) return [];
  const body = res.json() as unknown;
  const items = (Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? [])) as Record<string, unknown>[];
  return items
    .slice(0, 4)
    .map((r) => Object.entries(r).find(([k, v]) => /^id/i.test(k) && typeof v === 'number')?.[1] as number | undefined)
    .filter((v): v is number => v != null);
}

describe('cada GET sobre los datos de una tienda con todo', () => {
  it('responde sin 5xx en todas las rutas', { timeout: 240_000 }, async () => {
    const ventas = Object.values(s.ventas);
    const productos = Object.values(s.productos);
    const proveedores = Object.values(s.proveedores);
    const turnos = await idsDe('/api/caja/turnos');
    const ordenes = s.orden ? [s.orden] : await idsDe('/api/compras/ordenes');
    const devs = ((await get(`/api/ventas/${s.ventas.conPaca}/devoluciones`)).json() as { devoluciones?: { id?: number }[] }).devoluciones?.map((d) => d.id).filter((v): v is number => v != null) ?? [];
    const cliente = (await get(`/api/clientes/${s.clienteId}/cuenta`)).json() as { cliente?: { documento?: string } };
    const todos = [...new Set([...ventas, ...productos, ...proveedores, s.clienteId, ...turnos, ...ordenes, ...devs])];

    const valores = async (url: string, param: string): Promise<string[]> => {
      if (param === 'formato') return ['csv', 'xlsx'];
      if (param === 'codigo') return ['7700000000000', 'Paca'];
      if (param === 'documento') return [cliente.cliente?.documento ?? '1'];
      if (param === 'idVenta' || /\/ventas\/:id/.test(url)) return ventas.map(String);
      if (url.startsWith('/api/caja/turnos/')) return turnos.map(String);
      if (url.startsWith('/api/clientes/')) return [String(s.clienteId)];
      if (url.startsWith('/api/productos/')) return productos.map(String);
      if (url.startsWith('/api/proveedores/')) return proveedores.map(String);
      if (url.startsWith('/api/compras/ordenes/')) return ordenes.map(String);
      if (url.startsWith('/api/devoluciones/')) return devs.map(String);
      if (url.startsWith('/api/crud/')) {
        const ids = await idsDe(url.slice(0, url.lastIndexOf('/:')) + '?pageSize=4');
        return (ids.length ? ids : todos.slice(0, 4)).map(String);
      }
      return todos.slice(0, 6).map(String);
    };

    const rangos = ['', '?periodo=mes', `?periodo=rango&desde=${hace(30)}&hasta=${hoy()}`, `?desde=${hace(30)}&hasta=${hoy()}`];
    const mes = hoy().slice(0, 7);
    const consultasDe = (url: string, conFechas: boolean): string[] => {
      if (url === '/api/compras/costos') return [`?ids=${productos.join(',')}`];
      if (url === '/api/impuestos/informe') return [`?mes=${mes}`];
      if (url === '/api/impuestos/informe/archivo') return [`?mes=${mes}&formato=csv`, `?mes=${mes}&formato=xlsx`];
      if (url === '/api/dian/archivo') return [`?desde=${hace(30)}&hasta=${hoy()}`];
      if (url.startsWith('/api/reportes/') && url.endsWith('/exportar')) return [...rangos.map((q) => `${q || '?'}${q ? '&' : ''}formato=csv`), '?periodo=mes&formato=xlsx'];
      return conFechas ? rangos : [''];
    };
    const routes = t.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/') && !['/api/docs', '/*'].includes(r.url));
    expect(routes.length).toBeGreaterThan(100);
    const errores: string[] = [];
    let pedidas = 0;
    const rechazadas: string[] = [];
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      let urls = [route.url];
      for (const p of params) {
        const vs = await valores(route.url, p);
        urls = urls.flatMap((u) => vs.map((v) => u.replace(`:${p}`, encodeURIComponent(v))));
      }
      const conFechas = /^\/api\/(reportes|analisis|actividad|movimientos|facturas|impuestos|cuentas-por-cobrar|caja\/turnos$|dian\/documentos)/.test(route.url);
      for (const url of urls) {
        const consultas = consultasDe(route.url, conFechas);
        for (const q of consultas) {
          const res = await get(url + q);
          pedidas++;
          if (res.statusCode >= 400) rechazadas.push(`${url}${q} ${res.statusCode}`);
          if (res.statusCode >= 500) errores.push(`GET ${url}${q} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    console.log(`fuzz-datos: ${routes.length} rutas GET, ${pedidas} peticiones, ${rechazadas.length} con 4xx (ids borrados o de otra clase), 0 con 5xx`);
    expect(errores).toEqual([]);
  });
});
