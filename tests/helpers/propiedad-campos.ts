/**
 * The field-list property of issue #29, for an entity's `<entity>.campos.test.ts`: a row created
 * with every field set, then one to three random partial edits through random faces. After each
 * edit the table holds what was sent over what was there (a field a face does not send, or does not
 * carry, keeps its value), and every face reads back what the table holds. The test file says how
 * its faces edit and read; the fields and which of them an edit sends come from the field list.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { leidosEn, nombreEn, type Cara, type Campo, type Campos } from '#shared/campos';
import { client, type Client } from '../../server/modules/crud/crud.fixtures';
import { crearTienda } from './factories';
import type { TestApp } from './test-app';

export type Valor = string | number | boolean | null;
export type Estado = Record<string, Valor>;

/** The store a property test edits in: its owner's session on the store API and on the back-office. */
export interface TiendaDePrueba {
  id: number;
  token: string;
  crud: Client;
}
export async function tiendaDePrueba(t: TestApp): Promise<TiendaDePrueba> {
  const s = await crearTienda(t);
  return { id: s.id, token: s.token, crud: client(t, s.token) };
}

/** A name or a word as a person types it. */
export const palabra = fc.stringMatching(/^[A-Za-zñáé][A-Za-zñáé ]{0,14}[A-Za-z]$/);
/** An email address as the faces keep it (lower case). */
export const correo = fc.stringMatching(/^[a-z][a-z0-9]{0,9}@[a-z]{2,8}\.(co|com)$/);

/** An edit under a face's keys: the fields it carries, renamed; none (null) is sent as `vacio` where the face writes it so. */
export function cuerpoEn(campos: Campos, cara: Cara, cambios: Estado, vacio: Valor = null): Record<string, Valor> {
  const cuerpo: Record<string, Valor> = {};
  for (const [k, v] of Object.entries(cambios)) {
    const n = nombreEn(k, (campos as Record<string, Campo>)[k]!, cara);
    if (n) cuerpo[n] = v === null ? vacio : v;
  }
  return cuerpo;
}

/** The columns a face that renames none reads back, under the domain's names, out of its answer. */
export const leidoEnCara = (campos: Campos, cara: 'tienda' | 'administracion', fila: Record<string, unknown>) =>
  Object.fromEntries(leidosEn(campos, cara).map((k) => [k, fila[k]]));

/** The table's row, under the domain's names of the list's columns. */
export const enTabla = (campos: Campos, fila: unknown) =>
  Object.fromEntries(Object.entries(campos as Record<string, Campo>).flatMap(([k, c]) => (c.lee ? [[k, (fila as Record<string, unknown>)[k]]] : [])));

/** `actual` restricted to the keys `de` has. */
export const sobre = (de: object, actual: Record<string, unknown>) => Object.fromEntries(Object.keys(de).map((k) => [k, actual[k]]));

export interface Entidad<C extends string> {
  campos: Campos;
  /** A value generator per writable field, under the domain's name, as the faces store it. */
  generadores: Record<string, fc.Arbitrary<Valor>>;
  /** Writable fields that are not a value a person keeps (the product's `stockAnterior`). */
  fuera?: ReadonlySet<string>;
  /** The faces that edit the entity. */
  caras: readonly C[];
  /** The face's key for a field, or null when it does not carry it. */
  clave: (cara: C, k: string) => string | null;
  /** Whether the face's edit must send the field. */
  requerido: (cara: C, k: string) => boolean;
  /** Inserts a row with these values; answers the row as the table holds it, and its id. */
  crear: (inicial: Estado) => Promise<{ id: number; fila: Estado }>;
  /** Adjusts an edit before it is sent (a unique value, a key the face names the row by). */
  ajustar?: (cara: C, cambios: Estado, esperado: Estado) => void;
  /** Sends an edit (under the domain's names) through a face. */
  editar: (cara: C, id: number, cambios: Estado) => Promise<{ ok: boolean; body: string }>;
  /** The table's row and what each face reads, each under the domain's names. */
  leer: (id: number) => Promise<{ tabla: Record<string, unknown>; caras: Record<string, Record<string, unknown>> }>;
}

/** The writable fields of a list that a test must generate. */
export const escribibles = (campos: Campos, fuera?: ReadonlySet<string>) =>
  Object.entries(campos as Record<string, Campo>).flatMap(([k, c]) => (c.z && !fuera?.has(k) ? [k] : []));

export async function propiedadDeCampos<C extends string>(e: Entidad<C>, numRuns: number): Promise<void> {
  const ESCRIBIBLES = escribibles(e.campos, e.fuera);
  const SOLO_LECTURA = Object.entries(e.campos as Record<string, Campo>).flatMap(([k, c]) => (c.lee && !c.z ? [k] : []));
  const estadoCompleto = fc.record(Object.fromEntries(ESCRIBIBLES.map((k) => [k, e.generadores[k]!])) as Record<string, fc.Arbitrary<Valor>>);
  const edicion = fc.record({
    cara: fc.constantFrom(...e.caras),
    valores: estadoCompleto,
    // Which optional fields this edit sends (a field the face requires is always sent).
    envia: fc.subarray(ESCRIBIBLES),
  });
  await fc.assert(
    fc.asyncProperty(estadoCompleto, fc.array(edicion, { minLength: 1, maxLength: 3 }), async (inicial, ediciones) => {
      const { id, fila } = await e.crear(inicial);
      const esperado: Estado = Object.fromEntries(ESCRIBIBLES.map((k) => [k, fila[k]!]));
      const soloLectura = Object.fromEntries(SOLO_LECTURA.map((k) => [k, fila[k]!]));
      for (const ed of ediciones) {
        const cambios: Estado = {};
        for (const k of ESCRIBIBLES) if ((e.requerido(ed.cara, k) || ed.envia.includes(k)) && e.clave(ed.cara, k)) cambios[k] = ed.valores[k]!;
        e.ajustar?.(ed.cara, cambios, esperado);
        const r = await e.editar(ed.cara, id, cambios);
        expect(r.ok, `${ed.cara} ${JSON.stringify(cambios)}: ${r.body}`).toBe(true);
        Object.assign(esperado, cambios);

        const leido = await e.leer(id);
        expect(leido.tabla, `tabla tras ${ed.cara}`).toEqual({ ...esperado, ...soloLectura });
        for (const [cara, valores] of Object.entries(leido.caras)) expect(valores, cara).toEqual(sobre(valores, leido.tabla));
      }
    }),
    { numRuns },
  );
}
