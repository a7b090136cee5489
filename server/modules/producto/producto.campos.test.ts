/**
 * The product's field list, as a property (issue #29): random partial edits through random faces
 * (store API, back-office, the legacy application call, the legacy back-office edit). A field a
 * face does not send keeps its value; what one face writes, every face reads back the same (store
 * detail, back-office row, legacy detail row) and the table holds. The fields come from
 * CAMPOS_DEL_PRODUCTO, so a new field is covered as soon as it has a generator below — and the
 * test fails until it has one.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { nombreEn, type Campo } from '#shared/campos';
import { CAMPOS_DEL_PRODUCTO } from '#shared/schemas/producto';
import { inventario, producto, proveedor } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { legacy } from '../../legacy/test-client';
import { client, type Client } from '../crud/crud.fixtures';

const t = usarApp({ OPERADOR_EMAIL: 'operador@adax.co', OPERADOR_PASSWORD: 'Operador2024' });

interface Tienda {
  id: number;
  token: string;
  crud: Client;
  proveedores: number[];
  inventarios: number[];
}

type Valor = string | number | boolean | null;
type Estado = Record<string, Valor>;

const palabra = fc.stringMatching(/^[A-Za-zñáé][A-Za-zñáé ]{0,14}[A-Za-z]$/);
const textoOpcional = fc.option(palabra, { nil: null });

/** A value generator for each field of the list, under the domain's name; `s` gives the store's rows. */
const GENERADORES: Record<string, (s: Tienda) => fc.Arbitrary<Valor>> = {
  nombre: () => palabra,
  precioUnit: () => fc.integer({ min: 1, max: 100_000_000 }),
  descripcion: () => textoOpcional,
  marca: () => textoOpcional,
  categoria: () => textoOpcional,
  presentacion: () => textoOpcional,
  ubicacion: () => textoOpcional,
  manejaLotes: () => fc.boolean(),
  registroInvima: () => textoOpcional,
  principioActivo: () => textoOpcional,
  bajoFormula: () => fc.boolean(),
  fechaVencimiento: () =>
    fc.option(
      fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      { nil: null },
    ),
  stock: () => fc.integer({ min: 0, max: 500 }),
  stockMin: () => fc.integer({ min: 0, max: 50 }),
  unidadDian: () => fc.constantFrom('94', 'KGM', 'GRM', 'LTR', 'MLT'),
  estado: () => fc.constantFrom(0, 1),
  codigoBarras: () => fc.option(fc.stringMatching(/^7709[0-9]{9}$/), { nil: null }),
  inventarioId: (s) => fc.constantFrom(null, ...s.inventarios),
  proveedorId: (s) => fc.constantFrom(null, ...s.proveedores),
};
/** Not a field a person keeps: the stock the form showed (the stock rule has its own tests). */
const FUERA = new Set(['stockAnterior']);
/** Fields every face requires on an edit (the rest may be left out). */
const REQUERIDOS = new Set(['nombre', 'precioUnit', 'stock', 'stockMin']);

const CAMPOS = Object.entries(CAMPOS_DEL_PRODUCTO as Record<string, Campo>);
const ESCRIBIBLES = CAMPOS.filter(([k, c]) => c.z && !FUERA.has(k)).map(([k]) => k);
const SOLO_LECTURA = CAMPOS.filter(([, c]) => c.lee && !c.z).map(([k]) => k);

type NombreCara = 'tienda' | 'administracion' | 'heredada' | 'heredada2';
/** The face's key for a field, or null when the face does not carry it. */
const clave = (cara: NombreCara, k: string) => (cara === 'administracion' ? k : nombreEn(k, (CAMPOS_DEL_PRODUCTO as Record<string, Campo>)[k]!, cara));

/** Sends an edit through a face: `cambios` under the domain's names; null is sent as the face writes "none". */
async function editar(cara: NombreCara, s: Tienda, id: number, cambios: Estado) {
  const cuerpo: Record<string, Valor> = {};
  for (const [k, v] of Object.entries(cambios)) {
    const n = clave(cara, k);
    if (n) cuerpo[n] = v === null && cara.startsWith('heredada') ? '' : v;
  }
  const L = legacy(t);
  switch (cara) {
    case 'tienda': {
      const r = await t.request({ method: 'PUT', url: `/api/productos/${id}`, token: s.token, payload: cuerpo });
      return { ok: r.statusCode === 200, body: r.body };
    }
    case 'administracion': {
      const r = await s.crud.put(`/producto/${id}`, cuerpo);
      return { ok: r.status === 200, body: JSON.stringify(r.body) };
    }
    case 'heredada': {
      const r = await L.json('PUT', 'producto', { modificarProducto: id, ...cuerpo }, s.token);
      return { ok: r.body?.success === true, body: JSON.stringify(r.body) };
    }
    case 'heredada2': {
      const campos = Object.fromEntries(Object.entries(cuerpo).map(([k, v]) => [k, v ?? '']));
      const r = await L.formData('producto', { modificarProducto2: 'true', id_Producto: id, ...campos }, s.token);
      return { ok: r.body?.success === true, body: JSON.stringify(r.body) };
    }
  }
}

/** What every face reads back, each reduced to the domain's names. */
async function leer(s: Tienda, id: number) {
  const [fila] = await t.database.db.select().from(producto).where(eq(producto.idProducto, id));
  const tabla = Object.fromEntries(CAMPOS.filter(([, c]) => c.lee).map(([k]) => [k, (fila as unknown as Record<string, Valor>)[k]]));

  const administracion = (await s.crud.get(`/producto/${id}`)).body as Record<string, Valor>;
  const detalle = (await t.request({ method: 'GET', url: `/api/productos/${id}`, token: s.token })).json() as Record<string, Valor>;
  const tienda = Object.fromEntries(CAMPOS.flatMap(([k, c]) => (c.lee && clave('tienda', k) ? [[k, detalle[clave('tienda', k)!]]] : [])));
  const [d] = (await legacy(t).get('producto', { consultaDatosProducto: id }, s.token)).body as Valor[][];
  // The old contract's positional row (legacy/controllers/producto.ts): it never grows.
  const heredada = {
    nombre: d![0],
    marca: d![1],
    precioUnit: d![2],
    descripcion: d![3],
    categoria: d![5],
    presentacion: d![6],
    fechaVencimiento: d![7],
    stock: d![8],
    stockMin: d![9],
    estado: d![10],
    proveedorId: d![12],
  };
  return { tabla, administracion, tienda, heredada };
}

/** `actual` restricted to the keys `de` has. */
const sobre = (de: object, actual: Record<string, unknown>) => Object.fromEntries(Object.keys(de).map((k) => [k, actual[k]]));

let tiendaA: Tienda;
beforeAll(async () => {
  const s = await crearTienda(t);
  const proveedores = await t.database.db
    .insert(proveedor)
    .values([
      { tiendaId: s.id, nombre: 'Distribuidora El Sol', telefono: '3104567890', email: 'sol@prov.co' },
      { tiendaId: s.id, nombre: 'Surtidor La Luna', telefono: '3104567891', email: 'luna@prov.co' },
    ])
    .returning({ id: proveedor.idProveedor });
  const inventarios = await t.database.db
    .insert(inventario)
    .values([{ tiendaId: s.id }, { tiendaId: s.id }])
    .returning({ id: inventario.idInventario });
  tiendaA = { id: s.id, token: s.token, crud: client(t, s.token), proveedores: proveedores.map((p) => p.id), inventarios: inventarios.map((i) => i.id) };
});

describe('la lista de campos del producto, a través de las cuatro caras', () => {
  it('cada campo escribible tiene un generador (un campo nuevo entra en esta prueba)', () => {
    expect(ESCRIBIBLES.filter((k) => !GENERADORES[k])).toEqual([]);
  });

  it('un campo que una cara no envía conserva su valor; lo que una cara escribe, todas lo leen igual', async () => {
    const s = tiendaA;
    const caras: NombreCara[] = ['tienda', 'administracion', 'heredada', 'heredada2'];
    const estadoCompleto = fc.record(Object.fromEntries(ESCRIBIBLES.map((k) => [k, GENERADORES[k]!(s)])) as Record<string, fc.Arbitrary<Valor>>);
    const edicion = fc.record({
      cara: fc.constantFrom(...caras),
      valores: estadoCompleto,
      // Which optional fields this edit sends.
      envia: fc.subarray(ESCRIBIBLES.filter((k) => !REQUERIDOS.has(k))),
    });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(estadoCompleto, fc.array(edicion, { minLength: 1, maxLength: 3 }), async (inicial, ediciones) => {
        // A product with every field set, and the read-only columns other modules keep.
        const [creado] = await t.database.db
          .insert(producto)
          .values({
            ...(inicial as object),
            codigoBarras: inicial.codigoBarras == null ? null : `${inicial.codigoBarras}${++n}`,
            tiendaId: s.id,
            impuesto: 'iva19',
            unidadDian: 'KGM',
            costo: 1200,
            costoPromedio: 1150,
          } as typeof producto.$inferInsert)
          .returning();
        const id = creado!.idProducto;
        const esperado: Estado = Object.fromEntries(ESCRIBIBLES.map((k) => [k, (creado as unknown as Record<string, Valor>)[k]!]));
        const soloLectura = Object.fromEntries(SOLO_LECTURA.map((k) => [k, (creado as unknown as Record<string, Valor>)[k]!]));
        for (const e of ediciones) {
          const cambios: Estado = {};
          for (const k of ESCRIBIBLES) if ((REQUERIDOS.has(k) || e.envia.includes(k)) && clave(e.cara, k)) cambios[k] = e.valores[k]!;
          if (cambios.codigoBarras) cambios.codigoBarras = `${cambios.codigoBarras}${++n}`;
          const r = await editar(e.cara, s, id, cambios);
          expect(r.ok, `${e.cara} ${JSON.stringify(cambios)}: ${r.body}`).toBe(true);
          Object.assign(esperado, cambios);

          const leido = await leer(s, id);
          expect(leido.tabla, `tabla tras ${e.cara}`).toEqual({ ...esperado, ...soloLectura });
          expect(sobre(leido.tabla, leido.administracion), 'administración').toEqual(leido.tabla);
          expect(leido.tienda, 'tienda').toEqual(sobre(leido.tienda, leido.tabla));
          expect(leido.heredada, 'heredada').toEqual(sobre(leido.heredada, leido.tabla));
        }
      }),
      { numRuns: 12 },
    );
  });
});
