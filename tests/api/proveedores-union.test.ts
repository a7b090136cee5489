import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, conteo, documentoDian, ordenCompra, producto, proveedor, recepcion, tienda, usuario } from '../../server/db/schema';
import { client } from '../../server/modules/crud/crud.fixtures';
import { hoy, usarFerreteria, type Ferreteria } from '../../server/modules/dian/ferreteria.fixtures';
import { legacy } from '../../server/legacy/test-client';
import { abrirSucursal, productoEn } from '../helpers/dos-tiendas';
import { crearEmpleado, crearTienda } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * Merging two suppliers of one empresa that share a NIT or cédula (issue #56, ADR 072): migration 0097
 * kept both, flagged. The owner or a store's administrator merges them: the products, open orders and
 * open counts of every store follow the survivor (Por pedir groups them under it); a received purchase,
 * its documento soporte and a received order keep naming the merged supplier, which is archived naming
 * the survivor; the log of each store touched says what moved; a cashier and an encargado are refused;
 * the back-office and the legacy API cannot write the merged one nor merge. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
const t = usarApp();
const { req, ferreteria } = usarFerreteria(t, 907_700_000);
const L = legacy(t);

let seq = 0;
const cedula = () => String(1_030_000_000 + ++seq * 17);

/** Store 1 (the ferretería: a documento soporte range, DIAN set up) and its branch, with one flagged pair of one documento (`docUno`, `docDos`: the same number). */
async function gemelos(opciones: { docUno?: string; docDos?: string } = {}) {
  const s: Ferreteria = await ferreteria(false);
  const ds = await req('POST', `/api/numeracion/cajas/${s.caja}/rangos`, s.token, { fechaDesde: hoy(-10), fechaHasta: hoy(300), resolucion: '18760000009', prefijo: 'DS', desde: 1, hasta: 100, tipo: 'soporte', claveTecnica: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' });
  expect(ds.statusCode, ds.body).toBe(201);
  const b = await abrirSucursal(t, s.token, { nombreTienda: 'Ferretería Norte' });
  const db = t.database.db;
  const doc = cedula();
  const [e] = await db.select({ id: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, s.id));
  // As migration 0097 left them: one created in each store, flagged, past the uniqueness rule.
  const [uno, dos] = (
    await db
      .insert(proveedor)
      .values([
        { tiendaId: s.id, empresaId: e!.id, nombre: 'Pedro Campesino', telefono: '3001234567', email: 'pedro@example.com', documento: opciones.docUno ?? doc, tipoIdentificacion: 'CC', documentoRepetido: true },
        {
          tiendaId: b.idTienda,
          empresaId: e!.id,
          nombre: 'Don Pedro El Rosal',
          telefono: '3007654321',
          email: 'rosal@example.com',
          documento: opciones.docDos ?? doc,
          tipoIdentificacion: 'CC',
          obligadoFacturar: false,
          direccion: 'Vereda El Rosal',
          municipio: '25899',
          documentoRepetido: true,
        },
      ])
      .returning({ id: proveedor.idProveedor })
  ).map((f) => f.id);
  const prodB = await productoEn(t, b.idTienda, 'Tornillo drywall x100');
  return { s, b, doc, uno: uno!, dos: dos!, prodB };
}

const unir = (token: string, id: number, otroId: unknown) => req('POST', `/api/proveedores/${id}/unir`, token, { proveedorId: otroId });
const proveedorDe = async (tabla: typeof producto | typeof ordenCompra | typeof recepcion | typeof conteo, idCol: typeof producto.idProducto | typeof ordenCompra.idOrden | typeof recepcion.idRecepcion | typeof conteo.idConteo, id: number) =>
  (await t.database.db.select({ p: tabla.proveedorId }).from(tabla).where(eq(idCol, id)))[0]!.p;

describe('unir dos proveedores con el mismo NIT o cédula (issue #56, ADR 072)', { timeout: 240_000 }, () => {
  it('los productos, el pedido abierto y el conteo abierto pasan al que queda en cada tienda; la compra recibida, su DS y el pedido recibido siguen nombrando al otro', async () => {
    const g = await gemelos();
    const db = t.database.db;
    // Both stores' screw names Dos; the branch's is low on stock (Por pedir lists it under Dos).
    await db.update(producto).set({ proveedorId: g.dos }).where(eq(producto.idProducto, g.s.productoId));
    await db.update(producto).set({ proveedorId: g.dos, stockMin: 5 }).where(eq(producto.idProducto, g.prodB));
    // Store 1 received 20 from Dos (he does not invoice: its documento soporte DS1 names him) and an order, received too.
    const rec = await req('POST', '/api/compras/recepciones', g.s.token, { proveedorId: g.dos, lineas: [{ productoId: g.s.productoId, cantidad: 20, costoUnit: 4_550 }] });
    expect(rec.statusCode, rec.body).toBe(201);
    expect(rec.json().soporte.documento).toMatchObject({ numero: 'DS1' });
    const recId = rec.json().recepcion.id as number;
    const recibida = (await req('POST', '/api/compras/ordenes', g.s.token, { proveedorId: g.dos, lineas: [{ productoId: g.s.productoId, cantidad: 2, costoUnit: 4_500 }] })).json().orden.id as number;
    expect((await req('POST', `/api/compras/ordenes/${recibida}/enviar`, g.s.token)).statusCode).toBe(200);
    const recOrden = await req('POST', '/api/compras/recepciones', g.s.token, { ordenId: recibida, lineas: [{ productoId: g.s.productoId, cantidad: 2, costoUnit: 4_500 }] });
    expect(recOrden.statusCode, recOrden.body).toBe(201);
    // The branch has an order to Dos still open, and a count of Dos's products open.
    const abierta = await req('POST', '/api/compras/ordenes', g.b.token, { proveedorId: g.dos, lineas: [{ productoId: g.prodB, cantidad: 10, costoUnit: 4_400 }] });
    expect(abierta.statusCode, abierta.body).toBe(201);
    const abiertaId = abierta.json().orden.id as number;
    const cuenta = await req('POST', '/api/conteos', g.b.token, { alcance: 'proveedor', proveedorId: g.dos });
    expect(cuenta.statusCode, cuenta.body).toBe(201);
    const conteoId = cuenta.json().conteo.id as number;
    const [dsAntes] = await db.select().from(documentoDian).where(and(eq(documentoDian.recepcionId, recId), eq(documentoDian.tipo, '05')));
    expect(dsAntes!.xmlFirmado).toContain('Don Pedro El Rosal');

    // The list names each one's twin, for the screen's *Unir con el otro*.
    const gemelosEnLista = (await req('GET', '/api/proveedores', g.b.token)).json().items as { id: number; documentoRepetido?: boolean; gemeloId?: number }[];
    expect(gemelosEnLista.map((p) => [p.id, p.documentoRepetido, p.gemeloId])).toEqual([
      [g.dos, true, g.uno],
      [g.uno, true, g.dos],
    ]);

    const r = await unir(g.s.token, g.uno, g.dos);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(M.proveedores.unir.hecho('Pedro Campesino'));
    expect(r.json().proveedor).toMatchObject({ id: g.uno, nombre: 'Pedro Campesino', documento: g.doc, direccion: 'Vereda El Rosal', municipio: '25899', productos: 1 });
    expect(r.json().proveedor.documentoRepetido).toBeUndefined();

    // What is live follows Uno, in both stores.
    expect(await proveedorDe(producto, producto.idProducto, g.s.productoId)).toBe(g.uno);
    expect(await proveedorDe(producto, producto.idProducto, g.prodB)).toBe(g.uno);
    expect(await proveedorDe(ordenCompra, ordenCompra.idOrden, abiertaId)).toBe(g.uno);
    expect(await proveedorDe(conteo, conteo.idConteo, conteoId)).toBe(g.uno);
    const porPedir = (await req('GET', '/api/compras/por-pedir', g.b.token)).json() as { grupos: { proveedor: { id: number } | null; productos: { id: number }[] }[] };
    expect(porPedir.grupos.find((x) => x.productos.some((p) => p.id === g.prodB))?.proveedor?.id).toBe(g.uno);
    expect((await req('GET', `/api/proveedores/${g.uno}/productos`, g.b.token)).json().items.map((p: { id: number }) => p.id)).toEqual([g.prodB]);
    // What was received keeps naming Dos: the receipts, the received order, the documento soporte as issued.
    expect(await proveedorDe(recepcion, recepcion.idRecepcion, recId)).toBe(g.dos);
    expect(await proveedorDe(recepcion, recepcion.idRecepcion, recOrden.json().recepcion.id as number)).toBe(g.dos);
    expect(await proveedorDe(ordenCompra, ordenCompra.idOrden, recibida)).toBe(g.dos);
    const [dsDespues] = await db.select().from(documentoDian).where(and(eq(documentoDian.recepcionId, recId), eq(documentoDian.tipo, '05')));
    expect(dsDespues).toEqual(dsAntes);
    expect((await req('GET', `/api/compras/recepciones/${recId}/soporte`, g.s.token)).statusCode).toBe(200);

    // Dos: archived, naming Uno; both stores list Uno alone, no longer flagged.
    const [fila] = await db.select().from(proveedor).where(eq(proveedor.idProveedor, g.dos));
    expect(fila).toMatchObject({ activo: false, unidoA: g.uno, documentoRepetido: false });
    for (const token of [g.s.token, g.b.token]) {
      const lista = (await req('GET', '/api/proveedores', token)).json().items as { id: number; documentoRepetido?: boolean }[];
      expect(lista.map((p) => [p.id, p.documentoRepetido, (p as { gemeloId?: number }).gemeloId])).toEqual([[g.uno, undefined, undefined]]);
      expect((await req('GET', '/api/proveedores/opciones', token)).json()).toEqual([{ id: g.uno, nombre: 'Pedro Campesino' }]);
    }
    // The open order, now Uno's, is received in the branch: the receipt names Uno.
    expect((await req('POST', `/api/compras/ordenes/${abiertaId}/enviar`, g.b.token)).statusCode).toBe(200);
    const despues = await req('POST', '/api/compras/recepciones', g.b.token, { ordenId: abiertaId, lineas: [{ productoId: g.prodB, cantidad: 10, costoUnit: 4_400 }] });
    expect(despues.statusCode, despues.body).toBe(201);
    expect(await proveedorDe(recepcion, recepcion.idRecepcion, despues.json().recepcion.id as number)).toBe(g.uno);

    // The activity log of store 1 (where it was done, its product moved) and of the branch (its product, order and count).
    const entradas = (await db.select().from(actividad).where(eq(actividad.tipo, 'union_proveedores'))).filter((x) => (x.detalle as { unidoId: number }).unidoId === g.dos);
    expect(entradas.map((x) => x.tiendaId).sort()).toEqual([g.s.id, g.b.idTienda].sort());
    const enB = entradas.find((x) => x.tiendaId === g.b.idTienda)!.detalle as { cambios: unknown[] };
    expect(enB.cambios).toEqual([
      { campo: 'productos de «Pedro Campesino»', antes: '0', despues: '1' },
      { campo: 'pedidos abiertos de «Pedro Campesino»', antes: '0', despues: '1' },
      { campo: 'conteos abiertos de «Pedro Campesino»', antes: '0', despues: '1' },
    ]);
    const log = (await req('GET', '/api/actividad?tipo=union_proveedores', g.b.token)).json();
    expect(log.items.map((x: { descripcion: string }) => x.descripcion)).toEqual([
      `Unió el proveedor «Don Pedro El Rosal» (#${g.dos}) a «Pedro Campesino» (#${g.uno}): productos de «Pedro Campesino»: 0 → 1; pedidos abiertos de «Pedro Campesino»: 0 → 1; conteos abiertos de «Pedro Campesino»: 0 → 1`,
    ]);

    // The documento is Uno's alone: a new supplier with it is refused, naming Uno.
    const nuevo = await req('POST', '/api/proveedores', g.b.token, { nombre: 'Pedro Tres', telefono: '3000000000', email: 'tres@example.com', documento: g.doc });
    expect(nuevo.statusCode).toBe(409);
    expect(nuevo.json().error.message).toBe(M.proveedores.documentoDuplicado('Pedro Campesino'));
  });

  it('la factura de un proveedor unido sigue siendo suya: la misma factura del que queda se rechaza en esa tienda', async () => {
    const g = await gemelos();
    await t.database.db.update(proveedor).set({ obligadoFacturar: true }).where(eq(proveedor.idProveedor, g.dos));
    const recibir = (token: string, proveedorId: number, productoId: number, facturaNumero: string) =>
      req('POST', '/api/compras/recepciones', token, { proveedorId, facturaNumero, lineas: [{ productoId, cantidad: 5, costoUnit: 4_500 }] });
    const primera = await recibir(g.s.token, g.uno, g.s.productoId, 'FE-2045');
    expect(primera.statusCode, primera.body).toBe(201);
    expect((await unir(g.s.token, g.dos, g.uno)).statusCode).toBe(200);
    // Store 1 got FE-2045 from Uno, now Dos: the same invoice again, in any case, is refused and nothing enters.
    const stock = async () => (await t.database.db.select({ s: producto.stock }).from(producto).where(eq(producto.idProducto, g.s.productoId)))[0]!.s;
    const antes = await stock();
    const otraVez = await recibir(g.s.token, g.dos, g.s.productoId, 'fe-2045');
    expect(otraVez.statusCode, otraVez.body).toBe(409);
    expect(otraVez.json().error.message).toBe(M.compras.facturaDuplicada);
    expect(await stock()).toBe(antes);
    // Another invoice, or the branch's own purchase with that number, are received.
    expect((await recibir(g.s.token, g.dos, g.s.productoId, 'FE-2046')).statusCode).toBe(201);
    expect((await recibir(g.b.token, g.dos, g.prodB, 'FE-2045')).statusCode).toBe(201);
  });

  it('solo el dueño o el administrador: un cajero y un encargado reciben 403; solo se unen dos activos marcados del mismo número; otra empresa no los ve; nada cambia', async () => {
    // A NIT with and without its check digit is one number (ADR 064).
    const g = await gemelos({ docUno: '900123456-8', docDos: '900123456' });
    const db = t.database.db;
    const foto = async () => db.select().from(proveedor).where(eq(proveedor.empresaId, (await db.select({ e: proveedor.empresaId }).from(proveedor).where(eq(proveedor.idProveedor, g.uno)))[0]!.e));
    const antes = await foto();
    const cajero = await crearEmpleado(t, g.s.codigo);
    const encargado = await crearEmpleado(t, g.s.codigo);
    await db.update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.correo, encargado.email));
    for (const token of [cajero.token, encargado.token]) {
      const r = await unir(token, g.uno, g.dos);
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(M.proveedores.unir.sinPermiso);
    }
    const otra = await crearTienda(t);
    expect((await unir(otra.token, g.uno, g.dos)).statusCode).toBe(404);
    const consigo = await unir(g.s.token, g.uno, g.uno);
    expect(consigo.statusCode).toBe(422);
    expect(consigo.json().error.message).toBe(M.proveedores.unir.mismo);
    const ajeno = await req('POST', '/api/proveedores', g.s.token, { nombre: 'Otro', telefono: '3001112233', email: 'otro@example.com', documento: cedula() });
    expect(ajeno.statusCode, ajeno.body).toBe(201);
    const noGemelo = await unir(g.s.token, g.uno, ajeno.json().proveedor.id);
    expect(noGemelo.statusCode).toBe(409);
    expect(noGemelo.json().error.message).toBe(M.proveedores.unir.soloRepetidos);
    for (const malo of ['dos', -1, null, 2 ** 40]) expect((await unir(g.s.token, g.uno, malo)).statusCode).toBe(400);
    // An archived twin is not merged either.
    await db.update(proveedor).set({ activo: false }).where(eq(proveedor.idProveedor, g.dos));
    expect((await unir(g.s.token, g.uno, g.dos)).statusCode).toBe(409);
    await db.update(proveedor).set({ activo: true }).where(eq(proveedor.idProveedor, g.dos));
    expect((await foto()).filter((p) => p.idProveedor !== ajeno.json().proveedor.id)).toEqual(antes);
    expect((await db.select().from(actividad).where(eq(actividad.tipo, 'union_proveedores'))).filter((x) => (x.detalle as { unidoId: number }).unidoId === g.dos)).toEqual([]);

    // The administrator of the branch merges, from the branch; the NIT without its digit goes into the one with it.
    const r = await unir(g.b.token, g.uno, g.dos);
    expect(r.statusCode, r.body).toBe(200);
    const otraVez = await unir(g.s.token, g.dos, g.uno);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().error.message).toBe(M.proveedores.unir.yaUnido('Pedro Campesino'));
  });

  it('la administración y la API heredada no escriben sobre el unido ni unen: lo rechazan nombrando al que queda; el que queda no se elimina', async () => {
    const g = await gemelos();
    expect((await unir(g.s.token, g.uno, g.dos)).statusCode).toBe(200);
    const db = t.database.db;
    const [antes] = await db.select().from(proveedor).where(eq(proveedor.idProveedor, g.dos));
    const crud = client(t, g.s.token);
    const datos = { nombre: 'Don Pedro Editado', telefono: '3007654321', email: 'rosal@example.com' };
    // The back-office: edit and delete refused, naming the survivor; its list has no merged row.
    const editar = await crud.put(`/proveedor/${g.dos}`, datos);
    expect(editar.status).toBe(409);
    expect(editar.body.error.message).toBe(M.proveedores.unir.yaUnido('Pedro Campesino'));
    expect((await crud.del(`/proveedor/${g.dos}`)).status).toBe(409);
    expect((await crud.get('/proveedor', { q: 'Pedro' })).body.items.map((p: { idProveedor: number }) => p.idProveedor)).toEqual([g.uno]);
    // The legacy API: the same, in its words
    const heredada = await L.json('PUT', 'proveedor', { actualizar: true, idproveedor: g.dos, ...datos }, g.s.token);
    // (its contract answers a refusal with 200 and success: false)
    expect(heredada.body).toMatchObject({ success: false, mensaje: M.proveedores.unir.yaUnido('Pedro Campesino') });
    expect((await L.del('proveedor', { eliminar: g.dos }, g.s.token)).body).toMatchObject({ success: false, mensaje: M.proveedores.unir.yaUnido('Pedro Campesino') });
    const lista = (await L.get('proveedor', { listarPorTienda: 'true' }, g.b.token)).body as unknown[][];
    expect(lista.map((f) => f[3])).toEqual([g.uno]);
    // The store's own delete too; and the survivor carries the merged one's history: archived, never deleted.
    expect((await req('DELETE', `/api/proveedores/${g.dos}`, g.s.token)).statusCode).toBe(409);
    const borrarUno = await req('DELETE', `/api/proveedores/${g.uno}`, g.s.token);
    expect(borrarUno.statusCode).toBe(409);
    expect(borrarUno.json().error.message).toBe(M.proveedores.conEntregas);
    const [despues] = await db.select().from(proveedor).where(eq(proveedor.idProveedor, g.dos));
    expect(despues).toEqual(antes);
    expect((await db.select({ id: proveedor.idProveedor }).from(proveedor).where(eq(proveedor.idProveedor, g.uno))).length).toBe(1);
    // The survivor is edited as any supplier (its documento is its own now).
    expect((await crud.put(`/proveedor/${g.uno}`, { nombre: 'Pedro Campesino S.', telefono: '3001234567', email: 'pedro@example.com' })).status).toBe(200);
  });
});
