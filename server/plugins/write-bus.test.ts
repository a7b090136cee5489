import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTienda, login } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { producto } from '../db/schema';

/** Polls until `check` passes (the announcement travels through PostgreSQL), at most 3 s. */
async function eventually(check: () => Promise<void>) {
  const until = Date.now() + 3_000;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('dos instancias sobre PostgreSQL: cachés avisadas por LISTEN/NOTIFY', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ READ_CACHE: 'on' });
    b = await createTestApp({ READ_CACHE: 'on' }, { database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('una venta en una instancia se ve al instante en la búsqueda guardada de la otra; un cambio de precio la descarta', async () => {
    const s = await crearTienda(a);
    const [p] = await a.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Leche entera', precioUnit: 4600, stock: 10 }).returning();
    const url = '/api/ventas/productos?q=leche';
    const read = () => a.request({ method: 'GET', url, token: s.token });
    expect((await read()).json().items[0].stock).toBe(10);
    const cached = await read();
    expect(cached.headers['x-cache']).toBe('hit');

    const sale = await b.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas: [{ productoId: p!.idProducto, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 20000 } });
    expect(sale.statusCode).toBe(201);
    // The cached page stays (a sale moves only stock); once the other instance hears of the sale,
    // its next hit reads the stock again.
    await eventually(async () => {
      const after = await read();
      expect(after.headers['x-cache']).toBe('hit');
      expect(after.json().items[0].stock).toBe(7);
    });

    const d = (await b.request({ method: 'GET', url: `/api/productos/${p!.idProducto}`, token: s.token })).json();
    const { id: _id, nombrepr: _n, ...form } = d;
    const put = await b.request({ method: 'PUT', url: `/api/productos/${p!.idProducto}`, token: s.token, payload: { ...form, precio: 4900 } });
    expect(put.statusCode).toBe(200);
    await eventually(async () => {
      const renamed = await read();
      expect(renamed.headers['x-cache']).toBeUndefined();
      expect(renamed.json().items[0].precio).toBe(4900);
    });
  });

  it('un cambio de contraseña en una instancia revoca el token en la otra, aunque lo tuviera en caché', async () => {
    const s = await crearTienda(a);
    const old = await login(a, 'tienda', s.email);
    expect((await a.request({ method: 'GET', url: '/api/sesion', token: old })).statusCode).toBe(200);
    expect((await a.request({ method: 'GET', url: '/api/sesion', token: old })).statusCode).toBe(200);
    await b.request({ method: 'POST', url: '/api/recuperacion/enviar-codigo', payload: { correo: s.email } });
    const code = /(\d{6})/.exec(b.outbox.at(-1)!.text)![1]!;
    const reset = await b.request({ method: 'POST', url: '/api/recuperacion/restablecer', payload: { correo: s.email, codigo: code, contrasena: 'Nueva12345' } });
    expect(reset.statusCode).toBe(200);
    await eventually(async () => expect((await a.request({ method: 'GET', url: '/api/sesion', token: old })).statusCode).toBe(401));
  });

  it('si la conexión de aviso se corta, la caché se aparta hasta reconectar', async () => {
    const s = await crearTienda(a);
    await a.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Pan tajado', precioUnit: 7200, stock: 5 });
    const url = '/api/ventas/productos?q=pan';
    const read = () => a.request({ method: 'GET', url, token: s.token });
    await read();
    expect((await read()).headers['x-cache']).toBe('hit');

    // Both instances' LISTEN connections are cut: nobody may trust what it has in memory.
    await a.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN adax_escrituras%' and datname = current_database()`);
    await eventually(async () => expect(a.app.writeBus.healthy).toBe(false));
    expect((await read()).headers['x-cache']).toBeUndefined();
    // Written behind the bus's back while it was down: seen at once, and after it comes back.
    await a.database.db.execute(sql`update producto set stock = 4 where tienda_id = ${s.id}`);
    expect((await read()).json().items[0].stock).toBe(4);
    await eventually(async () => expect(a.app.writeBus.healthy).toBe(true));
    expect((await read()).json().items[0].stock).toBe(4);
    expect((await read()).headers['x-cache']).toBe('hit');
  });
});
