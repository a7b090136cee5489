import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { actividad, ordenCompra, producto, proveedor, recepcion, tienda } from '../../server/db/schema';
import { comprobarConsistencia } from '../../server/db/consistencia';
import { migrationsFolder } from '../../server/db/client';
import { laCatorceYCentro } from '../helpers/dos-tiendas';
import { crearTienda, peticion } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * Suppliers are the empresa's (issue #56 point 2, ADR 064): a supplier created in one store is listed
 * (saying where it was created), ordered from and received from in another of the owner's stores; the
 * goods and the cost enter that store only; an edit made there is logged there, before and after; a
 * documento is one supplier of the empresa; another empresa sees and uses nothing. On PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);

let seq = 0;
const documento = () => String(80_000_000 + ++seq * 13);

/** An owner with two stores; `prodB` is the branch's copy of the first store's product, at stock 0. */
const dosTiendas = () => laCatorceYCentro(t);

const nuevoProveedor = async (token: string, datos: Record<string, unknown> = {}) => {
  const r = await req('POST', '/api/proveedores', token, { nombre: 'Distribuidora El Sol', telefono: '3104567890', email: 'pedidos@elsol.co', ...datos });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().proveedor as { id: number; creadoEn?: string };
};

const stockYCosto = async (id: number) => (await t.database.db.select({ stock: producto.stock, costo: producto.costo }).from(producto).where(eq(producto.idProducto, id)))[0];

describe('un proveedor de la empresa en sus dos tiendas', { timeout: 180_000 }, () => {
  it('creado en la tienda 1, la 2 lo ve (diciendo dónde se creó), le pide y le recibe: la mercancía y el costo entran solo en la 2', async () => {
    const { a, tokenB, idB, prodA, prodB } = await dosTiendas();
    const antesA = await stockYCosto(prodA);
    const prov = await nuevoProveedor(a.token);
    expect(prov.creadoEn).toBeUndefined();

    // Store 2 lists it, saying it was created in store 1; store 1's own list says nothing of the kind.
    const enB = (await req('GET', '/api/proveedores', tokenB)).json().items as { id: number; creadoEn?: string; productos: number }[];
    expect(enB.map((p) => [p.id, p.creadoEn])).toEqual([[prov.id, 'Surtidor La 14']]);
    expect((await req('GET', '/api/proveedores', a.token)).json().items.map((p: { id: number; creadoEn?: string }) => [p.id, p.creadoEn])).toEqual([[prov.id, undefined]]);
    expect((await req('GET', '/api/proveedores/opciones', tokenB)).json()).toEqual([{ id: prov.id, nombre: 'Distribuidora El Sol' }]);

    // Store 2 names it on its copy of the product, then orders and receives 12 at $ 7.400.
    const asignado = await req('PUT', `/api/productos/${prodB}`, tokenB, { nombre: 'Aceite 1 L', precio: 10_000, stock: 0, stockMin: 5, idProveedor: prov.id });
    expect(asignado.statusCode, asignado.body).toBe(200);
    const productosEnB = (await req('GET', `/api/proveedores/${prov.id}/productos`, tokenB)).json();
    expect(productosEnB.items.map((p: { id: number }) => p.id)).toEqual([prodB]);
    expect((await req('GET', `/api/proveedores/${prov.id}/productos`, a.token)).json().total).toBe(0);
    const porPedir = (await req('GET', '/api/compras/por-pedir', tokenB)).json();
    expect(JSON.stringify(porPedir)).toContain('Distribuidora El Sol');

    const orden = await req('POST', '/api/compras/ordenes', tokenB, { proveedorId: prov.id, lineas: [{ productoId: prodB, cantidad: 12, costoUnit: 7_400 }] });
    expect(orden.statusCode, orden.body).toBe(201);
    const ordenId = orden.json().orden.id as number;
    expect((await req('POST', `/api/compras/ordenes/${ordenId}/enviar`, tokenB)).statusCode).toBe(200);
    const rec = await req('POST', '/api/compras/recepciones', tokenB, { ordenId, facturaNumero: 'FE-77', lineas: [{ productoId: prodB, cantidad: 12, costoUnit: 7_400 }] });
    expect(rec.statusCode, rec.body).toBe(201);

    // The goods and the cost are store 2's; store 1's product is as it was.
    expect(await stockYCosto(prodB)).toEqual({ stock: 12, costo: 7_400 });
    expect(await stockYCosto(prodA)).toEqual(antesA);
    expect(antesA!.stock).toBe(50);
    const [o] = await t.database.db.select({ tienda: ordenCompra.tiendaId }).from(ordenCompra).where(eq(ordenCompra.idOrden, ordenId));
    expect(o!.tienda).toBe(idB);
    const [r] = await t.database.db.select({ tienda: recepcion.tiendaId, prov: recepcion.proveedorId }).from(recepcion).where(eq(recepcion.idRecepcion, rec.json().recepcion.id as number));
    expect(r).toEqual({ tienda: idB, prov: prov.id });
    // Store 1 does not see store 2's order; the supplier, with its history, cannot be deleted from either.
    expect((await req('GET', `/api/compras/ordenes/${ordenId}`, a.token)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/proveedores/${prov.id}`, a.token)).statusCode).toBe(409);
    expect(await comprobarConsistencia(t.database.db)).toEqual([]);
  });

  it('editado desde la tienda 2: queda en el registro de actividad de la 2, cada campo antes y después', async () => {
    const { a, tokenB, idB } = await dosTiendas();
    const prov = await nuevoProveedor(a.token, { nombre: 'Lácteos del Valle' });
    const put = await req('PUT', `/api/crud/proveedor/${prov.id}`, tokenB, { nombre: 'Lácteos del Valle S.A.S.', telefono: '3104567890', email: 'ventas@lacteos.co' });
    expect(put.statusCode, put.body).toBe(200);
    const log = await t.database.db
      .select({ tienda: actividad.tiendaId, detalle: actividad.detalle })
      .from(actividad)
      .where(eq(actividad.tipo, 'proveedor'))
      .orderBy(asc(actividad.idActividad));
    const mio = log.filter((l) => (l.detalle as { id: number }).id === prov.id);
    expect(mio).toEqual([
      {
        tienda: idB,
        detalle: {
          accion: 'cambiado',
          id: prov.id,
          nombre: 'Lácteos del Valle S.A.S.',
          cambios: [
            { campo: 'nombre', antes: 'Lácteos del Valle', despues: 'Lácteos del Valle S.A.S.' },
            { campo: 'email', antes: 'pedidos@elsol.co', despues: 'ventas@lacteos.co' },
          ],
        },
      },
    ]);
    // The store-1 list shows the new name: one supplier.
    expect((await req('GET', '/api/proveedores', a.token)).json().items.map((p: { nombre: string }) => p.nombre)).toEqual(['Lácteos del Valle S.A.S.']);
    const texto = await req('GET', '/api/actividad?tipo=proveedor', tokenB);
    expect(texto.statusCode, texto.body).toBe(200);
    expect(texto.json().items[0].descripcion).toBe(`Modificó el proveedor «Lácteos del Valle S.A.S.» (#${prov.id}): nombre: Lácteos del Valle → Lácteos del Valle S.A.S.; correo: pedidos@elsol.co → ventas@lacteos.co`);
  });

  it('otra empresa no lo ve, no le pide, no le recibe ni lo cambia', async () => {
    const { a } = await dosTiendas();
    const prov = await nuevoProveedor(a.token, { nombre: 'Frutas La Cosecha' });
    const otra = await crearTienda(t);
    const p = await req('POST', '/api/productos', otra.token, { nombre: 'Panela', precio: 3_000, cantidad: 10 });
    const suyo = p.json().producto.id as number;
    expect((await req('GET', '/api/proveedores?q=Cosecha', otra.token)).json().total).toBe(0);
    expect((await req('GET', '/api/proveedores/opciones', otra.token)).json()).toEqual([]);
    expect((await req('GET', `/api/proveedores/${prov.id}/productos`, otra.token)).statusCode).toBe(404);
    expect((await req('GET', `/api/crud/proveedor/${prov.id}`, otra.token)).statusCode).toBe(404);
    expect((await req('PUT', `/api/crud/proveedor/${prov.id}`, otra.token, { nombre: 'X', telefono: '3104567890', email: 'x@x.co' })).statusCode).toBe(404);
    expect((await req('POST', `/api/proveedores/${prov.id}/archivar`, otra.token)).statusCode).toBe(404);
    const orden = await req('POST', '/api/compras/ordenes', otra.token, { proveedorId: prov.id, lineas: [{ productoId: suyo, cantidad: 1, costoUnit: 100 }] });
    expect(orden.statusCode).toBe(400);
    expect(orden.json().error.fields.proveedorId).toBe(M.proveedores.noExiste);
    const rec = await req('POST', '/api/compras/recepciones', otra.token, { proveedorId: prov.id, lineas: [{ productoId: suyo, cantidad: 1, costoUnit: 100 }] });
    expect(rec.statusCode).toBe(400);
    const ajeno = await req('PUT', `/api/productos/${suyo}`, otra.token, { nombre: 'Panela', precio: 3_000, stock: 10, stockMin: 0, idProveedor: prov.id });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().error.fields.idProveedor ?? ajeno.json().error.fields.proveedorId).toBe(M.proveedores.noExiste);
    const [fila] = await t.database.db.select({ nombre: proveedor.nombre, activo: proveedor.activo }).from(proveedor).where(eq(proveedor.idProveedor, prov.id));
    expect(fila).toEqual({ nombre: 'Frutas La Cosecha', activo: true });
  });

  it('un NIT es un solo proveedor de la empresa: la otra tienda no lo crea otra vez (409, con su nombre); otra empresa sí puede tener el suyo', async () => {
    const { a, tokenB } = await dosTiendas();
    const doc = documento();
    await nuevoProveedor(a.token, { nombre: 'Aseo Total', documento: doc });
    for (const [token, d] of [
      [tokenB, doc],
      [a.token, doc],
      [tokenB, `${doc}-3`],
    ] as const) {
      const otra = await req('POST', '/api/proveedores', token, { nombre: 'Aseo Total Ltda', telefono: '3104567890', email: 'aseo@total.co', documento: d });
      expect(otra.statusCode, otra.body).toBe(409);
      expect(otra.json().error.message).toBe(M.proveedores.documentoDuplicado('Aseo Total'));
      expect(otra.json().error.message).toBe('Ya hay un proveedor con este NIT o cédula en su empresa: Aseo Total. Búsquelo en la lista en lugar de crearlo otra vez.');
    }
    // Editing another supplier onto that documento is refused the same way; nothing changes.
    const segundo = await nuevoProveedor(tokenB, { nombre: 'Aseo Sur', documento: documento() });
    const put = await req('PUT', `/api/crud/proveedor/${segundo.id}`, tokenB, { nombre: 'Aseo Sur', telefono: '3104567890', email: 'pedidos@elsol.co', documento: doc });
    expect(put.statusCode).toBe(409);
    expect((await req('GET', '/api/proveedores?q=Aseo', a.token)).json().total).toBe(2);
    // Another empresa keeps its own supplier with the same documento.
    const ajena = await crearTienda(t);
    expect((await req('POST', '/api/proveedores', ajena.token, { nombre: 'Aseo Total', telefono: '3104567890', email: 'aseo@total.co', documento: doc })).statusCode).toBe(201);
  });

  it('un proveedor escrito sin su empresa toma la de su tienda (el disparador), aunque lo escriba otro camino que el dominio', async () => {
    const { idB } = await dosTiendas();
    const [p] = await t.database.db.insert(proveedor).values({ tiendaId: idB, nombre: 'Sin Empresa', telefono: '3001234567', email: 'x@y.co' }).returning({ e: proveedor.empresaId });
    const [b] = await t.database.db.select({ e: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, idB));
    expect(p!.e).toBe(b!.e);
  });
});

/** The statements of migration 0097 that flag repeated documentos and make them unique per empresa. */
function sentenciasDeLaMigracion(): string[] {
  const texto = fs.readFileSync(path.join(migrationsFolder(), '0097_proveedores_de_la_empresa.sql'), 'utf8');
  return texto
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^--.*$/gm, '').trim())
    .filter((s) => /^UPDATE "proveedor" p SET "documento_repetido"|^CREATE UNIQUE INDEX "proveedor_empresa_documento_uq"/.test(s));
}

describe('la migración 0097 sobre los proveedores como estaban', { timeout: 180_000 }, () => {
  it('dos proveedores de una empresa con un mismo NIT (en una tienda o en dos, con o sin dígito) quedan los dos, marcados; los demás no', async () => {
    const { a, tokenB, idB } = await dosTiendas();
    const db = t.database.db;
    const sentencias = sentenciasDeLaMigracion();
    expect(sentencias).toHaveLength(2);
    const ajena = await crearTienda(t);
    const [x, y, z] = [documento(), documento(), documento()];
    // As the migration found them: before it, a documento was unique nowhere.
    await db.execute(sql`drop index "proveedor_empresa_documento_uq"`);
    const filas = await db
      .insert(proveedor)
      .values([
        { tiendaId: a.id, nombre: 'Uno en la 1', telefono: '3001234567', email: 'a@a.co', documento: x },
        { tiendaId: idB, nombre: 'Uno en la 2', telefono: '3001234567', email: 'a@a.co', documento: `${x}-4` },
        { tiendaId: a.id, nombre: 'Dos en la 1', telefono: '3001234567', email: 'a@a.co', documento: y },
        { tiendaId: a.id, nombre: 'Dos otra vez en la 1', telefono: '3001234567', email: 'a@a.co', documento: y },
        { tiendaId: a.id, nombre: 'Solo', telefono: '3001234567', email: 'a@a.co', documento: z },
        { tiendaId: a.id, nombre: 'Sin NIT', telefono: '3001234567', email: 'a@a.co', documento: null },
        { tiendaId: idB, nombre: 'Sin NIT', telefono: '3001234567', email: 'a@a.co', documento: null },
        { tiendaId: ajena.id, nombre: 'Uno de otra empresa', telefono: '3001234567', email: 'a@a.co', documento: x },
      ])
      .returning({ id: proveedor.idProveedor, nombre: proveedor.nombre });
    for (const s of sentencias) await db.execute(sql.raw(s));
    const marcas = await db.select({ id: proveedor.idProveedor, r: proveedor.documentoRepetido }).from(proveedor);
    const marca = new Map(marcas.map((m) => [m.id, m.r]));
    expect(filas.map((f) => [f.nombre, marca.get(f.id)])).toEqual([
      ['Uno en la 1', true],
      ['Uno en la 2', true],
      ['Dos en la 1', true],
      ['Dos otra vez en la 1', true],
      ['Solo', false],
      ['Sin NIT', false],
      ['Sin NIT', false],
      ['Uno de otra empresa', false],
    ]);
    // Both stores' lists flag them; each stays editable with its documento; a new one clears the flag.
    const lista = (await req('GET', '/api/proveedores?q=Uno', tokenB)).json().items as { id: number; documentoRepetido?: boolean }[];
    expect(lista.map((p) => p.documentoRepetido)).toEqual([true, true]);
    const [uno, dos] = filas.map((f) => f.id);
    expect((await req('PUT', `/api/crud/proveedor/${uno}`, a.token, { nombre: 'Uno en la 1', telefono: '3001234568', email: 'a@a.co', documento: x })).statusCode).toBe(200);
    const corregido = await req('PUT', `/api/crud/proveedor/${dos}`, tokenB, { nombre: 'Uno en la 2', telefono: '3001234567', email: 'a@a.co', documento: documento() });
    expect(corregido.statusCode, corregido.body).toBe(200);
    expect((await db.select({ r: proveedor.documentoRepetido }).from(proveedor).where(eq(proveedor.idProveedor, dos!)))[0]!.r).toBe(false);
    // A third one with the flagged documento is refused: it is the empresa's.
    expect((await req('POST', '/api/proveedores', tokenB, { nombre: 'Tres', telefono: '3001234567', email: 'a@a.co', documento: y })).statusCode).toBe(409);
  });
});
