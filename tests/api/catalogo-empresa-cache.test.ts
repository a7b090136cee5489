import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { producto } from '../../server/db/schema';
import { abrirSucursal, productoEn } from '../helpers/dos-tiendas';
import { crearTienda, peticion } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * A catalogue change made in one store of an empresa shows at once in every list another store has
 * cached (issue #56 point 2, ADR 043 addendum "central catalogue", ADR 063): the till's search, and the
 * plain cached lists too — the grid of best sellers, the analysis — which used to show the old name
 * until their 30 s expired. With the read cache on, as in production.
 */
const t = usarApp({ READ_CACHE: 'on' });
const req = peticion(t);

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown) {
  const r = await req(method, url, token, body);
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r;
}

describe('la caché de lecturas de las otras tiendas de la empresa', () => {
  it('un cambio de nombre del dueño en la tienda principal se ve al instante en la rejilla y la búsqueda de la sucursal', async () => {
    const s = await crearTienda(t, { nombreTienda: 'El Sol' });
    const cafe = (await ok('POST', '/api/productos', s.token, { nombre: 'Café Sello Rojo 250 g', precio: 10_000, cantidad: 20 })).json().producto.id as number;
    const { idTienda: idNorte, token: enNorte } = await abrirSucursal(t, s.token, { nombreTienda: 'El Sol Norte', direccion: 'Cra 7 # 45-10', telefono: '6014567890' });
    const cafeN = await productoEn(t, idNorte, 'Café Sello Rojo 250 g');
    await t.database.db.update(producto).set({ stock: 5 }).where(eq(producto.idProducto, cafeN));

    const rejilla = '/api/ventas/productos/rapidos';
    const busqueda = '/api/ventas/productos?q=cafe';
    // The grid answers { productos }, the search { items }.
    const lista = (r: { json(): unknown }) => {
      const x = r.json() as { productos?: { nombre: string }[]; items?: { nombre: string }[] };
      return (x.productos ?? x.items ?? []).map((p) => p.nombre);
    };
    for (const url of [rejilla, busqueda]) {
      await ok('GET', url, enNorte);
      const caliente = await ok('GET', url, enNorte);
      expect(caliente.headers['x-cache'], url).toBe('hit');
      expect(lista(caliente), url).toContain('Café Sello Rojo 250 g');
    }

    // The owner renames it in the main store: the product domain carries it to the branch's row.
    const d = (await ok('GET', `/api/productos/${cafe}`, s.token)).json();
    await ok('PUT', `/api/productos/${cafe}`, s.token, { nombre: 'Café Sello Rojo tradicional 250 g', precio: d.precio, stock: d.stock, stockAnterior: d.stock, stockMin: d.stockMin, estado: d.estado });

    for (const url of [rejilla, busqueda]) {
      const despues = await ok('GET', url, enNorte);
      expect(despues.headers['x-cache'], url).toBeUndefined();
      expect(lista(despues), url).toEqual(['Café Sello Rojo tradicional 250 g']);
    }
    // And warm again until the next change.
    expect((await ok('GET', rejilla, enNorte)).headers['x-cache']).toBe('hit');

    // A sale in the main store moves no catalogue: the branch's grid stays cached.
    const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: cafe, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 100_000 });
    expect(v.statusCode, v.body).toBe(201);
    expect((await ok('GET', rejilla, enNorte)).headers['x-cache']).toBe('hit');
  });
});
