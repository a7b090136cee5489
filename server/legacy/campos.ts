/**
 * The legacy API's side of the field lists (shared/campos.ts): a call's keys read under the domain's
 * names, its extra keys documented and answered from the same list.
 */
import { clavesHeredada2, extrasDe, nombreEn, type Campos } from '#shared/campos';
import { strOf, type LegacyParams } from './params';

/**
 * The writable fields a call carries, read from its keys (`heredada`: the application calls';
 * `heredada2`: the back-office's old column names) under the domain's names. A key the client did
 * not send stays undefined, so the domain leaves that field as it is.
 */
export function leerCampos(p: LegacyParams, campos: Campos, cara: 'heredada' | 'heredada2', solo?: (campo: string) => boolean): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, c] of Object.entries(campos)) {
    if (solo && !solo(k)) continue;
    const claves = cara === 'heredada2' ? (c.z ? clavesHeredada2(k, c) : []) : [nombreEn(k, c, 'heredada')].filter((x): x is string => !!x);
    if (claves.length) out[k] = strOf(p, ...claves);
  }
  return out;
}

/** The extra keys as a call's documented parameters (additions carry only those marked for them). */
export const paramsExtras = (campos: Campos, alta = false) => extrasDe(campos).filter((e) => !alta || e.alta).map((e) => ({ key: e.key, optional: true, note: e.note }));

/** The extra keys of an answer: each extra that is a column, under its legacy key, from the row read back. */
export const extrasRespuesta = (campos: Campos, fila: Record<string, unknown>) =>
  Object.fromEntries(extrasDe(campos).flatMap((e) => (e.leido ? [[e.key, fila[e.campo]]] : [])));

/** An answer's documentation with the extra keys it carries appended (`{ …, key }` (`key` extra)); none: as it is. */
export function respuestaConExtras(campos: Campos, doc: string): string {
  const claves = Object.keys(extrasRespuesta(campos, {})).join(', ');
  return claves ? `${doc.replace(/ \}`$/, `, ${claves} }\``)} (\`${claves}\` extra)` : doc;
}
