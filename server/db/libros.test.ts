/**
 * The money ledgers are append-only in the database itself (issue #27, migration 0032): no code path,
 * face or hand-written statement edits or removes a row of the stock, credit or drawer ledgers. Only
 * the database's own cascades pass: a deleted store takes its ledgers along, and a deleted product
 * leaves its movements with the product's column set to null.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-app';
import type { Database } from './client';
import { cajaMovimiento, cliente, creditoMovimiento, movimiento, producto, tienda, turno } from './schema';
import { seedCatalogos } from './setup';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  await seedCatalogos(database.db);
});
afterAll(() => database?.close());

/** A store with a product and one row in each ledger. */
async function tiendaConLibros(n: number) {
  const db = database.db;
  const [t] = await db
    .insert(tienda)
    .values({ nombreTienda: `Libros ${n}`, correo: `libros-${n}@prueba.co`, contrasenaHash: 'x', codigoInvitacion: `LIB${n}XYZ` })
    .returning({ id: tienda.idTienda });
  const tiendaId = t!.id;
  const [p] = await db.insert(producto).values({ tiendaId, nombre: 'Arroz', precioUnit: 2_000, stock: 5, stockMin: 0 }).returning({ id: producto.idProducto });
  const [m] = await db
    .insert(movimiento)
    .values({ tiendaId, productoId: p!.id, stockAntes: 0, entradas: 5, cantidadDespues: 5, motivo: 'Inventario inicial' })
    .returning({ id: movimiento.idMovimiento });
  const [c] = await db.insert(cliente).values({ tiendaId, documento: `9${n}`, tipoDocumento: 'CC', nombre: 'Ana', apellido: 'Ruiz' }).returning({ id: cliente.idCliente });
  const [cm] = await db.insert(creditoMovimiento).values({ tiendaId, clienteId: c!.id, tipo: 'cargo', monto: 4_000 }).returning({ id: creditoMovimiento.idCreditoMovimiento });
  const [tu] = await db.insert(turno).values({ tiendaId, fondoInicial: 10_000 }).returning({ id: turno.idTurno });
  const [cj] = await db
    .insert(cajaMovimiento)
    .values({ tiendaId, turnoId: tu!.id, tipo: 'salida', monto: 3_000, motivo: 'Pago al proveedor' })
    .returning({ id: cajaMovimiento.idCajaMovimiento });
  return { tiendaId, productoId: p!.id, movimientoId: m!.id, creditoId: cm!.id, cajaId: cj!.id };
}

const rechazo = /solo admite filas nuevas/;
/** The statement fails with the ledger's refusal (drizzle wraps the database's error as its cause). */
async function rechazada(consulta: PromiseLike<unknown>) {
  const error = await Promise.resolve(consulta).then(
    () => null,
    (e: Error & { cause?: Error }) => e,
  );
  expect(error, 'la consulta debía fallar').not.toBeNull();
  expect(String(error!.cause?.message ?? error!.message)).toMatch(rechazo);
}

describe('los libros de dinero solo admiten filas nuevas', () => {
  it('cambiar o borrar una fila de stock, crédito o caja falla, y la fila queda igual', async () => {
    const s = await tiendaConLibros(1);
    const db = database.db;
    await rechazada(db.update(movimiento).set({ entradas: 50, cantidadDespues: 50 }).where(eq(movimiento.idMovimiento, s.movimientoId)));
    await rechazada(db.delete(movimiento).where(eq(movimiento.idMovimiento, s.movimientoId)));
    await rechazada(db.update(creditoMovimiento).set({ monto: 1 }).where(eq(creditoMovimiento.idCreditoMovimiento, s.creditoId)));
    await rechazada(db.delete(creditoMovimiento).where(eq(creditoMovimiento.idCreditoMovimiento, s.creditoId)));
    await rechazada(db.update(cajaMovimiento).set({ monto: 1 }).where(eq(cajaMovimiento.idCajaMovimiento, s.cajaId)));
    await rechazada(db.delete(cajaMovimiento).where(eq(cajaMovimiento.idCajaMovimiento, s.cajaId)));
    // Not even a column set to null by hand: only the database's cascades do that.
    await rechazada(db.update(movimiento).set({ productoId: null }).where(eq(movimiento.idMovimiento, s.movimientoId)));

    const [m] = await db.select().from(movimiento).where(eq(movimiento.idMovimiento, s.movimientoId));
    expect(m).toMatchObject({ entradas: 5, cantidadDespues: 5, productoId: s.productoId, motivo: 'Inventario inicial' });
    const [c] = await db.select().from(creditoMovimiento).where(eq(creditoMovimiento.idCreditoMovimiento, s.creditoId));
    expect(c!.monto).toBe(4_000);
    const [cj] = await db.select().from(cajaMovimiento).where(eq(cajaMovimiento.idCajaMovimiento, s.cajaId));
    expect(cj!.monto).toBe(3_000);
  });

  it('un producto borrado deja sus movimientos sin él; una tienda borrada se lleva sus libros', async () => {
    const s = await tiendaConLibros(2);
    const db = database.db;
    await db.delete(producto).where(eq(producto.idProducto, s.productoId));
    const [m] = await db.select().from(movimiento).where(eq(movimiento.idMovimiento, s.movimientoId));
    expect(m).toMatchObject({ productoId: null, entradas: 5, cantidadDespues: 5, motivo: 'Inventario inicial' });

    await db.delete(tienda).where(eq(tienda.idTienda, s.tiendaId));
    const quedan = await db.execute(sql`
      select (select count(*) from movimiento where tienda_id = ${s.tiendaId})::int
           + (select count(*) from credito_movimiento where tienda_id = ${s.tiendaId})::int
           + (select count(*) from caja_movimiento where tienda_id = ${s.tiendaId})::int as n`);
    expect((quedan as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
