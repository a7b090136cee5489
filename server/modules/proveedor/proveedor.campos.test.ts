/**
 * The supplier's field list, as a property (issue #29): random partial edits through random faces
 * that edit a supplier (the back-office, the legacy back-office's `actualizar`; the store's screens
 * only add and delete). A field a face does not send keeps its value; what one face writes, every
 * face reads back the same (the store's list, the back-office's row, the legacy application's list,
 * the legacy back-office's list) and the table holds. The fields come from CAMPOS_DEL_PROVEEDOR,
 * so a new field is covered as soon as it has a generator below — and the test fails until it has
 * one. Which fields an edit must send is the field list's (`requerido`), not a list here.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { nombreEn, requerido, type Campo, type Cara } from '#shared/campos';
import { CAMPOS_DEL_PROVEEDOR } from '#shared/schemas/proveedor';
import { proveedor } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { legacy } from '../../legacy/test-client';
import { client, type Client } from '../crud/crud.fixtures';

const t = usarApp({ OPERADOR_EMAIL: 'operador@adax.co', OPERADOR_PASSWORD: 'Operador2024' });

interface Tienda {
  id: number;
  token: string;
  crud: Client;
}

type Valor = string | number | boolean | null;
type Estado = Record<string, Valor>;

const palabra = fc.stringMatching(/^[A-Za-zñáé][A-Za-zñáé ]{0,14}[A-Za-z]$/);

/** A value generator for each field of the list, under the domain's name, as the faces store it. */
const GENERADORES: Record<string, (s: Tienda) => fc.Arbitrary<Valor>> = {
  nombre: () => palabra,
  telefono: () => fc.stringMatching(/^[0-9]{7,15}$/),
  email: () => fc.stringMatching(/^[a-z][a-z0-9]{0,9}@[a-z]{2,8}\.(co|com)$/),
};

const CAMPOS = Object.entries(CAMPOS_DEL_PROVEEDOR as Record<string, Campo>);
const ESCRIBIBLES = CAMPOS.filter(([, c]) => c.z).map(([k]) => k);
const REQUERIDOS = new Set(CAMPOS.filter(([, c]) => requerido(c)).map(([k]) => k));
const campo = (k: string) => (CAMPOS_DEL_PROVEEDOR as Record<string, Campo>)[k]!;

/** The faces that edit a supplier. */
type CaraQueEdita = Extract<Cara, 'administracion' | 'heredada2'>;
const CARAS: CaraQueEdita[] = ['administracion', 'heredada2'];

/** Sends an edit through a face: `cambios` under the domain's names, renamed to the face's keys. */
async function editar(cara: CaraQueEdita, s: Tienda, id: number, cambios: Estado) {
  const cuerpo: Record<string, Valor> = {};
  for (const [k, v] of Object.entries(cambios)) {
    const n = nombreEn(k, campo(k), cara);
    if (n) cuerpo[n] = v === null && cara === 'heredada2' ? '' : v;
  }
  if (cara === 'administracion') {
    const r = await s.crud.put(`/proveedor/${id}`, cuerpo);
    return { ok: r.status === 200, body: JSON.stringify(r.body) };
  }
  const r = await legacy(t).json('POST', 'proveedor', { actualizar: true, idproveedor: id, ...cuerpo, id_tienda: s.id }, s.token);
  return { ok: r.body?.respuesta === true, body: JSON.stringify(r.body) };
}

/** What every face reads back, each reduced to the domain's names. */
async function leer(s: Tienda, id: number) {
  const [fila] = await t.database.db.select().from(proveedor).where(eq(proveedor.idProveedor, id));
  const tabla = Object.fromEntries(CAMPOS.filter(([, c]) => c.lee).map(([k]) => [k, (fila as Record<string, Valor>)[k]]));

  const administracion = (await s.crud.get(`/proveedor/${id}`)).body as Record<string, Valor>;
  const lista = (await t.request({ method: 'GET', url: '/api/proveedores?pageSize=100', token: s.token })).json() as { items: Record<string, Valor>[] };
  const deTienda = lista.items.find((p) => p.id === id)!;
  const tienda = Object.fromEntries(CAMPOS.flatMap(([k, c]) => (c.lee && nombreEn(k, c, 'tienda') ? [[k, deTienda[nombreEn(k, c, 'tienda')!]]] : [])));
  const L = legacy(t);
  // The old contract's positional rows (legacy/controllers/proveedor.ts): they never grow.
  const app = ((await L.get('proveedor', { listarPorTienda: true }, s.token)).body as Valor[][]).find((r) => r[3] === id)!;
  const heredada = { nombre: app[0], telefono: app[1], email: app[2] };
  const admin = ((await L.get('proveedor', { listar: true }, s.token)).body as Valor[][]).find((r) => r[0] === id)!;
  const heredada2 = { nombre: admin[1], telefono: admin[2], email: admin[3] };
  return { tabla, administracion, tienda, heredada, heredada2 };
}

/** `actual` restricted to the keys `de` has. */
const sobre = (de: object, actual: Record<string, unknown>) => Object.fromEntries(Object.keys(de).map((k) => [k, actual[k]]));

let tiendaA: Tienda;
beforeAll(async () => {
  const s = await crearTienda(t);
  tiendaA = { id: s.id, token: s.token, crud: client(t, s.token) };
});

describe('la lista de campos del proveedor, a través de sus caras', () => {
  it('cada campo escribible tiene un generador (un campo nuevo entra en esta prueba)', () => {
    expect(ESCRIBIBLES.filter((k) => !GENERADORES[k])).toEqual([]);
  });

  it('un campo que una cara no envía conserva su valor; lo que una cara escribe, todas lo leen igual', async () => {
    const s = tiendaA;
    const estadoCompleto = fc.record(Object.fromEntries(ESCRIBIBLES.map((k) => [k, GENERADORES[k]!(s)])) as Record<string, fc.Arbitrary<Valor>>);
    const edicion = fc.record({
      cara: fc.constantFrom(...CARAS),
      valores: estadoCompleto,
      // Which optional fields this edit sends.
      envia: fc.subarray(ESCRIBIBLES.filter((k) => !REQUERIDOS.has(k))),
    });
    await fc.assert(
      fc.asyncProperty(estadoCompleto, fc.array(edicion, { minLength: 1, maxLength: 3 }), async (inicial, ediciones) => {
        // A supplier with every field set.
        const [creado] = await t.database.db
          .insert(proveedor)
          .values({ ...(inicial as object), tiendaId: s.id } as typeof proveedor.$inferInsert)
          .returning();
        const id = creado!.idProveedor;
        const esperado: Estado = Object.fromEntries(ESCRIBIBLES.map((k) => [k, (creado as Record<string, Valor>)[k]!]));
        for (const e of ediciones) {
          const cambios: Estado = {};
          for (const k of ESCRIBIBLES) if ((REQUERIDOS.has(k) || e.envia.includes(k)) && nombreEn(k, campo(k), e.cara)) cambios[k] = e.valores[k]!;
          const r = await editar(e.cara, s, id, cambios);
          expect(r.ok, `${e.cara} ${JSON.stringify(cambios)}: ${r.body}`).toBe(true);
          Object.assign(esperado, cambios);

          const leido = await leer(s, id);
          expect(leido.tabla, `tabla tras ${e.cara}`).toEqual(esperado);
          expect(sobre(leido.tabla, leido.administracion), 'administración').toEqual(leido.tabla);
          expect(leido.tienda, 'tienda').toEqual(sobre(leido.tienda, leido.tabla));
          expect(leido.heredada, 'heredada').toEqual(sobre(leido.heredada, leido.tabla));
          expect(leido.heredada2, 'heredada (administración)').toEqual(sobre(leido.heredada2, leido.tabla));
        }
      }),
      { numRuns: 10 },
    );
  });
});
