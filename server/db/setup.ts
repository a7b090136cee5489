import { sql } from 'drizzle-orm';
import { METODOS_PAGO_SEED, ROLES_SEED } from '#shared/roles';
import type { Db } from './client';
import { metodoPago, rol, tienda } from './schema';

/** Roles 1–3 and payment methods 1–5: present in every database, never overwritten. */
export async function seedCatalogos(db: Db): Promise<void> {
  await db
    .insert(rol)
    .values(ROLES_SEED.map((r) => ({ idRol: r.id, nombreRol: r.nombre, descripcion: r.descripcion })))
    .onConflictDoNothing();
  await db
    .insert(metodoPago)
    .values(METODOS_PAGO_SEED.map((m) => ({ idMetPago: m.id, nombre: m.nombre })))
    .onConflictDoNothing();
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tienda);
  return (row?.n ?? 0) === 0;
}
