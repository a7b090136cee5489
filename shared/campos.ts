/**
 * Field lists (issue #29): one declaration per entity names each field once, under its domain
 * name, with the zod schema that validates it, the schema it is read with, and only the names a
 * face gives it where they differ. The request and response schemas, each face's renaming, the
 * legacy API's extra keys and the columns a domain reads and writes all derive from it, so a new
 * field is one entry, and a key a face does not send is never turned into a value.
 */
import { z } from 'zod';

/** One field of an entity. */
export interface Campo {
  /** How a face's request validates it (absent: the field is read-only, kept by another module). */
  z?: z.ZodType;
  /** How it is read back (absent: the field is not a column, e.g. `stockAnterior`). */
  lee?: z.ZodType;
  /** The store API's name (and the legacy application calls'), when it differs; `false`: the store's forms do not show it. */
  tienda?: string | false;
  /** The legacy application calls' key, when it differs from the store's (`stock_min`); `false`: they do not carry it. */
  heredada?: string | false;
  /** The legacy back-office's keys (old column names, first spelling first), when they differ from `heredada`. */
  heredada2?: readonly string[];
  /**
   * A legacy extra key (not in the old contract): documented with this note among the call's
   * parameters, parsed, and answered back where the answer is an object.
   */
  extra?: string;
  /** Not on the store's add-product form (spec §5 keeps it short). */
  alta?: false;
  /** `false`: the back-office (its API, and the legacy back-office's calls) neither shows nor writes it (the customer's fiado is the store's). */
  administracion?: false;
  /** How the store's forms show it (`valoresEn`): 'pesos' with thousand dots; 'cantidad' with a decimal comma (4,625) and no thousand dots; absent: as text. */
  forma?: 'pesos' | 'cantidad';
  /**
   * The import of a file (issue #54 point 4): the mapping's name for the field (`como`, default its
   * key) and the headers a shop's spreadsheet or another POS names it with, compared without accents,
   * case, spaces or signs (the first is the field's own); absent: the import does not read it.
   */
  importa?: { como?: string; encabezados: readonly string[] };
}
export type Campos = Record<string, Campo>;

/** `{ mappingName: domainName }` of the fields an import reads. */
export type ImportadosDe<C extends Campos> = {
  [K in keyof C as C[K] extends { importa: { como: infer N extends string } } ? N : C[K] extends { importa: object } ? K : never]: K;
};

/** The fields an import reads, in the list's order: the domain's name, the mapping's name, the headers. */
export const importablesDe = <C extends Campos>(campos: C) =>
  entradas(campos).flatMap(([k, c]) => (c.importa ? [{ campo: k, como: c.importa.como ?? k, encabezados: c.importa.encabezados }] : []));

type ConZ<C extends Campos> = { [K in keyof C as C[K] extends { z: z.ZodType } ? K : never]: C[K] extends { z: infer S extends z.ZodType } ? S : never };
type ConLee<C extends Campos> = { [K in keyof C as C[K] extends { lee: z.ZodType } ? K : never]: C[K] extends { lee: infer S extends z.ZodType } ? S : never };

const entradas = <C extends Campos>(campos: C) => Object.entries(campos) as [keyof C & string, Campo][];

/** The request base: every writable field under the domain's names. */
export const baseDe = <C extends Campos>(campos: C) =>
  z.object(Object.fromEntries(entradas(campos).flatMap(([k, c]) => (c.z ? [[k, c.z]] : []))) as ConZ<C>);

/** The read base: every column under the domain's names. */
export const leidoDe = <C extends Campos>(campos: C) =>
  z.object(Object.fromEntries(entradas(campos).flatMap(([k, c]) => (c.lee ? [[k, c.lee]] : []))) as ConLee<C>);

/** The fields that are columns of the table (those read back). */
export const columnasDe = <C extends Campos>(campos: C) => entradas(campos).flatMap(([k, c]) => (c.lee ? [k] : [])) as (keyof ConLee<C> & string)[];

/** A face: the store API, the back-office (under the domain's names), the legacy application calls, the legacy back-office's calls. */
export type Cara = 'tienda' | 'administracion' | 'heredada' | 'heredada2';

/** The field's name on a face whether it is written or only read, or null when the face does not carry it. */
function nombreLeidoEn(k: string, c: Campo, cara: Cara): string | null {
  const tienda = c.tienda === false ? null : (c.tienda ?? k);
  if (cara === 'tienda') return tienda;
  if (cara === 'administracion') return c.administracion === false ? null : k;
  const heredada = c.heredada === false ? null : (c.heredada ?? tienda);
  if (cara === 'heredada') return heredada;
  return c.administracion === false ? null : (c.heredada2?.[0] ?? heredada ?? k);
}

/** The field's name on a face, or null when the face does not carry it. */
export const nombreEn = (k: string, c: Campo, cara: Cara): string | null => (c.z ? nombreLeidoEn(k, c, cara) : null);

/** The domain's names of the writable fields a face carries, in the list's order. */
export const escritosEn = <C extends Campos>(campos: C, cara: Cara) => entradas(campos).flatMap(([k, c]) => (nombreEn(k, c, cara) ? [k] : []));

/** The domain's names of the columns a face reads back, in the list's order. */
export const leidosEn = <C extends Campos>(campos: C, cara: Cara) => entradas(campos).flatMap(([k, c]) => (c.lee && nombreLeidoEn(k, c, cara) ? [k] : []));

/** Whether a writable field must be sent (its schema refuses a missing key): an edit always carries it. */
export const requerido = (c: Campo): boolean => !!c.z && !c.z.safeParse(undefined).success;

/** `{ faceName: domainName }` for the writable fields a face carries. */
export const nombresEn = <C extends Campos>(campos: C, cara: Cara): Record<string, keyof C & string> =>
  Object.fromEntries(entradas(campos).flatMap(([k, c]) => {
    const n = nombreEn(k, c, cara);
    return n ? [[n, k]] : [];
  }));

/** The fields of `C` a face says it does not carry (`tienda: false`, `administracion: false`, `heredada: false`). */
type FueraDe<C extends Campos, F extends 'tienda' | 'administracion' | 'heredada'> = { [K in keyof C]: C[K] extends { [P in F]: false } ? K : never }[keyof C];

/**
 * A face's request schema under the domain's names: the base without the fields the face does not
 * carry (the back-office has no fiado; the legacy calls neither). Each face then `.extend()`s
 * only where its words or its defaults differ.
 */
export const soloDeCara = <C extends Campos, S extends z.ZodRawShape, F extends 'tienda' | 'administracion' | 'heredada'>(base: z.ZodObject<S>, campos: C, cara: F) => {
  const fuera = entradas(campos).flatMap(([k, c]) => (c.z && !nombreEn(k, c, cara) ? [k] : []));
  return (fuera.length ? base.omit(Object.fromEntries(fuera.map((k) => [k, true])) as never) : base) as unknown as z.ZodObject<Omit<S, FueraDe<C, F>>>;
};

/**
 * The read base of the columns a face reads back, under the domain's names (for a face that renames
 * none of them: the back-office, or the store of an entity whose store names are the domain's).
 */
export const leidoDeCara = <C extends Campos, F extends 'tienda' | 'administracion' | 'heredada'>(campos: C, cara: F) =>
  z.object(Object.fromEntries(leidosEn(campos, cara).map((k) => [k, campos[k]!.lee!]))) as unknown as z.ZodObject<Omit<ConLee<C>, FueraDe<C, F>>>;

/** The store's name of a field: its `tienda` name, or the domain's. */
type NombreTiendaDe<C extends Campos, K extends keyof C> = C[K] extends { tienda: infer N extends string } ? N : K;

/**
 * A store form's values (issue #29): every field the store writes and reads back, under the store's
 * name; a yes/no field as a boolean, the rest as the text the form holds.
 */
export type ValoresEn<C extends Campos> = {
  [K in keyof C as C[K] extends { z: z.ZodType; lee: z.ZodType } ? (C[K] extends { tienda: false } ? never : NombreTiendaDe<C, K>) : never]: C[K] extends { lee: z.ZodBoolean } ? boolean : string;
};

/**
 * A row of the store's API on the store's form (issue #29): each field the store writes and reads,
 * as text ('' for none, pesos through `pesos`, numbers as digits), yes/no kept a boolean. A new field
 * of the list is on the form's values with no line of the form's own.
 */
export function valoresEn<C extends Campos>(campos: C, fila: Record<string, unknown>, pesos: (n: number) => string): ValoresEn<C> {
  const out: Record<string, string | boolean> = {};
  for (const [k, c] of entradas(campos)) {
    const nombre = c.lee ? nombreEn(k, c, 'tienda') : null;
    if (!nombre) continue;
    const v = fila[nombre];
    out[nombre] =
      typeof v === 'boolean' ? v
      : v == null ? ''
      : c.forma === 'pesos' && typeof v === 'number' ? pesos(v)
      : c.forma === 'cantidad' && typeof v === 'number' ? String(v).replace('.', ',')
      : String(v);
  }
  return out as ValoresEn<C>;
}

/** The keys the legacy back-office may spell a field with, first spelling first. */
export function clavesHeredada2(k: string, c: Campo): readonly string[] {
  const n = nombreEn(k, c, 'heredada2');
  return n == null ? [] : (c.heredada2 ?? [n]);
}

/** The legacy extra keys: `{ domainName: { key, note } }` in the list's order. */
export const extrasDe = <C extends Campos>(campos: C) =>
  entradas(campos).flatMap(([k, c]) => (c.extra ? [{ campo: k, key: nombreEn(k, c, 'heredada')!, note: c.extra, alta: c.alta !== false, leido: !!c.lee }] : []));

/** Renames an object's keys by `{ from: to }`; keys not named stay as they are, undefined values are dropped. */
export function renombrar<T extends Record<string, unknown>>(obj: T, nombres: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[nombres[k] ?? k] = v;
  return out;
}

/** Only the given keys of an object that are present (not undefined): what an edit writes. */
export function presentes<T extends object, K extends keyof T>(obj: T, claves: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of claves) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}

/** The given keys of an object (a face's columns out of the domain's row). */
export function elegir<T extends object, K extends keyof T>(obj: T, claves: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of claves) out[k] = obj[k];
  return out;
}

/** The inverse of a `{ a: b }` map. */
export const invertir = (m: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(m).map(([a, b]) => [b, a]));

/**
 * An optional field that keeps "absent" apart from "empty": undefined stays undefined (an edit
 * leaves the stored value), anything else goes through `schema` (empty → null, typically).
 * `schema` must not itself accept undefined, or zod hands undefined to it.
 */
export const siPresente = <S extends z.ZodType>(schema: S) => schema.optional();

/** `siPresente` for a schema that would itself turn undefined into a value (`zOptInt`: null): absent stays absent. */
export const siEnviado = <S extends z.ZodType>(schema: S) =>
  z
    .custom<unknown>((v) => v !== undefined)
    .pipe(schema as z.ZodType<z.output<S>, unknown>)
    .optional();
