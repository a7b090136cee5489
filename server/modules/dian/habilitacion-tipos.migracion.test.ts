import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dianConfiguracion, dianHabilitacionTipo, documentoDian } from '../../db/schema';
import { migrationsFolder } from '../../db/client';
import { crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Migration 0094's data fix (issue #57 point 5, ADR 061): a store that was already issuing invoices or
 * documentos soporte in producción before each type had its own habilitación keeps issuing them after the
 * upgrade — DIAN had enabled it — while a store that only issued them in habilitación, or only issued POS
 * documents, starts that type's habilitación. The migration's last statement, run on rows as they were.
 */
const t = usarApp();
const archivo = fs.readdirSync(migrationsFolder()).find((f) => f.startsWith('0094_'))!;
const arreglo = fs.readFileSync(path.join(migrationsFolder(), archivo), 'utf8').split('--> statement-breakpoint').at(-1)!;

async function tiendaCon(documentos: { tipo: string; ambiente: number; estado: string }[]) {
  const s = await crearTienda(t);
  const db = t.database.db;
  await db.insert(dianConfiguracion).values({ tiendaId: s.id, habilitado: true, ambiente: 1, softwareIdPropio: 'sw-de-siempre', softwarePinPropio: '12345' }).onConflictDoNothing();
  for (const [i, d] of documentos.entries())
    await db.insert(documentoDian).values({ tiendaId: s.id, tipo: d.tipo, ambiente: d.ambiente, estado: d.estado, numero: `X${i}`, cude: `c${s.id}-${i}`, xmlFirmado: '<x/>' });
  await db.delete(dianHabilitacionTipo).where(eq(dianHabilitacionTipo.tiendaId, s.id));
  return s.id;
}

const tipos = async (tiendaId: number) =>
  (await t.database.db.select().from(dianHabilitacionTipo).where(eq(dianHabilitacionTipo.tiendaId, tiendaId))).map((r) => [r.tipo, r.estado, r.softwareIdPropio]).sort();

describe('la migración 0094 con tiendas que ya emitían', () => {
  it('quien ya emitía facturas o soportes aceptados en producción sigue habilitado para ese tipo; los demás no', async () => {
    const facturaba = await tiendaCon([{ tipo: '01', ambiente: 1, estado: 'aceptado' }, { tipo: '20', ambiente: 1, estado: 'aceptado' }]);
    const soporte = await tiendaCon([{ tipo: '95', ambiente: 1, estado: 'aceptado' }]);
    const enPruebas = await tiendaCon([{ tipo: '01', ambiente: 2, estado: 'aceptado' }]);
    const rechazada = await tiendaCon([{ tipo: '01', ambiente: 1, estado: 'rechazado' }]);
    const soloPos = await tiendaCon([{ tipo: '20', ambiente: 1, estado: 'aceptado' }]);
    await t.database.db.execute(sql.raw(arreglo));
    expect(await tipos(facturaba)).toEqual([['factura', 'habilitado', 'sw-de-siempre']]);
    expect(await tipos(soporte)).toEqual([['soporte', 'habilitado', 'sw-de-siempre']]);
    for (const id of [enPruebas, rechazada, soloPos]) expect(await tipos(id)).toEqual([]);
    // Run again (as on a database it already reached), it changes nothing.
    await t.database.db.execute(sql.raw(arreglo));
    expect(await tipos(facturaba)).toEqual([['factura', 'habilitado', 'sw-de-siempre']]);
  });
});
