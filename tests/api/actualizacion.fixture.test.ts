import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/demo';
import { peticion } from '../helpers/factories';
import { crearTiendaCompleta } from '../helpers/tienda-completa';
import { createTestApp } from '../helpers/test-app';

/**
 * Makes the upgrade test's fixture (tests/api/actualizacion.test.ts): a PostgreSQL database migrated by
 * this checkout, with the demo store and a store of every shape (tests/helpers/tienda-completa.ts: weighed
 * and pack sales, IVA by category, purchases, fiado, a return, deletions with history) plus an abono and
 * an annulled sale, dumped as plain SQL (`pg_dump --inserts`, loadable by PGlite and PostgreSQL alike).
 * Run on the commit whose data folders must keep working, then commit the file it writes:
 *
 *   FIXTURE_ACTUALIZACION=tests/fixtures/actualizacion/<nnnn>.sql.gz \
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/api/actualizacion.fixture.test.ts
 *
 * Beside the dump, `<nnnn>.json` keeps what the stores showed then (stocks, a balance, totals), which the
 * upgrade test reads back after migrating.
 */
const destino = process.env.FIXTURE_ACTUALIZACION;

describe.skipIf(!destino || !process.env.TEST_DATABASE_URL)('datos de una versión anterior (fixture)', () => {
  it('escribe el volcado y lo que mostraban las tiendas', { timeout: 300_000 }, async () => {
    const t = await createTestApp();
    try {
      await seedDemo(t.database.db);
      const s = await crearTiendaCompleta(t);
      const req = peticion(t);
      const abono = await req('POST', `/api/clientes/${s.clienteId}/abonos`, s.token, { monto: 1_000, metodoPagoId: 5 });
      expect(abono.statusCode, abono.body).toBe(201);
      const anulada = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: s.productos.arroz, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 5_000 });
      expect(anulada.statusCode, anulada.body).toBe(201);
      const anular = await req('POST', `/api/ventas/${anulada.json().id}/anular`, s.token);
      expect(anular.statusCode, anular.body).toBeLessThan(300);

      const stock = async (id: number) => (await req('GET', `/api/productos/${id}`, s.token)).json().stock as number;
      const venta = async (id: number) => {
        const v = (await req('GET', `/api/ventas/${id}`, s.token)).json();
        return { total: v.total as number, numero: v.numero as number, lineas: (v.lineas as unknown[]).length };
      };
      const esperado = {
        tienda: { email: s.email, id: s.id },
        stock: { queso: await stock(s.productos.queso), gaseosa: await stock(s.productos.gaseosa), arroz: await stock(s.productos.arroz) },
        productos: { queso: s.productos.queso, gaseosa: s.productos.gaseosa, arroz: s.productos.arroz },
        saldo: (await req('GET', `/api/clientes/${s.clienteId}/cuenta`, s.token)).json().credito.saldo as number,
        clienteId: s.clienteId,
        ventas: { peso: { id: s.ventas.peso, ...(await venta(s.ventas.peso)) }, conPaca: { id: s.ventas.conPaca, ...(await venta(s.ventas.conPaca)) }, fiado: { id: s.ventas.fiado, ...(await venta(s.ventas.fiado)) } },
      };

      const actual = (await t.database.db.execute(sql`select current_database() as db`)) as unknown as { rows: { db: string }[] };
      const db = actual.rows[0]!.db;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${db}`;
      const volcado = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--no-comments', url.toString()], { maxBuffer: 256 * 1024 * 1024 })
        .toString('utf8')
        // psql's own commands (\restrict …) are not SQL: the test loads the file through a driver.
        .split('\n')
        .filter((l) => !l.startsWith('\\'))
        .join('\n');
      fs.mkdirSync(path.dirname(destino!), { recursive: true });
      fs.writeFileSync(destino!, zlib.gzipSync(volcado, { level: 9 }));
      fs.writeFileSync(destino!.replace(/\.sql\.gz$/, '.json'), `${JSON.stringify(esperado, null, 2)}\n`);
    } finally {
      await t.close();
    }
  });
});
