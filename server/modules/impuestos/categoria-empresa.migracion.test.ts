import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoriaImpuesto, perfilFiscal, producto, tienda } from '../../db/schema';
import { migrationsFolder } from '../../db/client';
import { crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Migration 0096 (issue #56 point 2, ADR 063): a category's tax moves from each store to its empresa.
 * Run on rows as they were (the table of migration 0022, keyed by store): a lone store's rows mean the
 * same; two stores of one empresa that agree give one row; where they disagree no product's tax as sold
 * changes — the products that inherited another tax than the one kept get it as their own — and the
 * category is flagged for the owner.
 */
const t = usarApp();
const archivo = fs.readdirSync(migrationsFolder()).find((f) => f.startsWith('0096_'))!;
const migracion = fs
  .readFileSync(path.join(migrationsFolder(), archivo), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

const COMO_ERA = `
  CREATE TABLE categoria_impuesto (
    tienda_id integer NOT NULL REFERENCES tienda(id_tienda) ON DELETE cascade,
    categoria text NOT NULL,
    impuesto text NOT NULL,
    CONSTRAINT categoria_impuesto_tienda_id_categoria_pk PRIMARY KEY (tienda_id, categoria),
    CONSTRAINT categoria_impuesto_valido CHECK (impuesto in ('iva19', 'iva5', 'exento', 'excluido', 'inc8', 'bolsa')))`;

const PERFIL = { razonSocial: 'La Ceiba S.A.S.', tipoPersona: 'juridica', nit: '800197268', dv: 4, departamento: '11', municipio: '11001', direccion: 'Calle 10', correo: 'f@ceiba.co' };

describe('la migración 0096 con los impuestos por categoría de cada tienda', () => {
  it('una tienda sola queda igual; dos tiendas que coinciden dan una fila; donde difieren ninguna venta cambia de impuesto', async () => {
    const db = t.database.db;
    const sola = (await crearTienda(t, { sinCaja: true })).id;
    const a = (await crearTienda(t, { sinCaja: true })).id;
    const b = (await crearTienda(t, { sinCaja: true })).id;
    const [{ empresaId: empresa }] = (await db.select({ empresaId: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, a))) as [{ empresaId: number }];
    await db.update(tienda).set({ empresaId: empresa }).where(eq(tienda.idTienda, b));
    // Both stores of the empresa responsible for IVA; the lone store too.
    for (const id of [sola, a, b]) await db.insert(perfilFiscal).values({ tiendaId: id, ...PERFIL, responsableIva: true });

    const p = async (tiendaId: number, nombre: string, categoria: string, impuesto: string | null = null) =>
      (await db.insert(producto).values({ tiendaId, nombre, precioUnit: 1_000, stock: 1, estado: 1, categoria, impuesto }).returning())[0]!.idProducto;
    const prod = {
      sola: await p(sola, 'Gaseosa', 'Bebidas'),
      aBebida: await p(a, 'Gaseosa', 'Bebidas'),
      bBebida: await p(b, 'Gaseosa', 'Bebidas'),
      aGrano: await p(a, 'Arroz', 'Granos'),
      bGrano: await p(b, 'Arroz', 'Granos'),
      bGranoPropio: await p(b, 'Lenteja', 'Granos', 'exento'),
      aAseo: await p(a, 'Jabón', 'Aseo'),
      bAseo: await p(b, 'Jabón', 'Aseo'),
      bLicor: await p(b, 'Aguardiente', 'Licores'),
    };

    await db.execute(sql`drop table categoria_impuesto`);
    await db.execute(sql.raw(COMO_ERA));
    await db.execute(sql`insert into categoria_impuesto (tienda_id, categoria, impuesto) values
      (${sola}, 'Bebidas', 'iva19'),
      (${a}, 'Bebidas', 'iva19'), (${b}, 'Bebidas', 'iva19'),
      (${a}, 'Granos', 'iva5'), (${b}, 'Granos', 'excluido'),
      (${a}, 'Aseo', 'iva19'),
      (${b}, 'Licores', 'inc8')`);
    // Each product's tax as sold before: its own, else its store's category's (factura_impuesto as it was).
    const efectivos = async (join: string) =>
      new Map(
        ((await db.execute(sql.raw(`select p.id_producto as id, coalesce(p.impuesto, ci.impuesto) as impuesto from producto p join tienda t on t.id_tienda = p.tienda_id left join categoria_impuesto ci on ${join} and ci.categoria = p.categoria where p.tienda_id in (${sola}, ${a}, ${b})`))) as unknown as { rows: { id: number; impuesto: string | null }[] }).rows.map((r) => [Number(r.id), r.impuesto]),
      );
    const antes = await efectivos('ci.tienda_id = p.tienda_id');
    expect([antes.get(prod.aGrano), antes.get(prod.bGrano), antes.get(prod.bAseo)]).toEqual(['iva5', 'excluido', null]);

    for (const s of migracion) await db.execute(sql.raw(s));

    // No product of any store charges another tax than before.
    expect(await efectivos('ci.empresa_id = t.empresa_id')).toEqual(antes);
    const filas = await db.select().from(categoriaImpuesto).where(inArray(categoriaImpuesto.empresaId, [empresa, (await db.select({ e: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, sola)))[0]!.e]));
    const de = (e: number) => filas.filter((f) => f.empresaId === e).map((f) => [f.categoria, f.impuesto, f.diferia]).sort();
    expect(de(empresa)).toEqual([
      ['Bebidas', 'iva19', false],
      // The first store's tax kept, flagged for the owner.
      ['Granos', 'iva5', true],
      ['Licores', 'inc8', false],
    ]);
    expect(filas.filter((f) => f.empresaId !== empresa).map((f) => [f.categoria, f.impuesto, f.diferia])).toEqual([['Bebidas', 'iva19', false]]);
    // Whose products got their tax as their own: the second store's rice (another tax than the kept one);
    // the first store's soap, since its sibling sold it untaxed (no tax kept for Aseo). Nobody else's.
    const propios = new Map((await db.select({ id: producto.idProducto, i: producto.impuesto }).from(producto).where(inArray(producto.idProducto, Object.values(prod)))).map((r) => [r.id, r.i]));
    expect(Object.fromEntries(Object.entries(prod).map(([k, id]) => [k, propios.get(id)]))).toEqual({
      sola: null,
      aBebida: null,
      bBebida: null,
      aGrano: null,
      bGrano: 'excluido',
      bGranoPropio: 'exento',
      aAseo: 'iva19',
      bAseo: null,
      bLicor: null,
    });
  });
});
