import type { FastifyRequest } from 'fastify';

export type LegacyParams = Record<string, unknown>;

/**
 * Old clients send the same call as a query string, a JSON body, urlencoded or multipart form data,
 * sometimes wrapped (`{ params: {...} }`, `{ data: {...} }` from axios.delete). All of them are read
 * into one flat object; the body wins over the query.
 */
export function legacyParams(req: FastifyRequest): LegacyParams {
  const out: LegacyParams = {};
  const add = (src: unknown) => {
    if (!src || typeof src !== 'object' || Array.isArray(src)) return;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
      out[k] = Array.isArray(v) && v.length === 1 ? v[0] : v;
    }
  };
  add(req.query);
  const body = req.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    add(body.params);
    add(body.data);
    add(body);
  }
  return out;
}

/** Truthy flags as old clients send them: true, "true", "1", 1, or any non-empty marker value. */
export function has(p: LegacyParams, key: string): boolean {
  if (!(key in p)) return false;
  const v = p[key];
  return !(v === false || v === 'false' || v === 0 || v === '0' || v === null || v === undefined);
}

/** True when any of the keys is a flag of the request. */
export const hasAny = (p: LegacyParams, keys: readonly string[]) => keys.some((k) => has(p, k));

export function str(p: LegacyParams, key: string): string | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** The first of several spellings an old client may use for the same field. */
export function strOf(p: LegacyParams, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = str(p, k);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function int(p: LegacyParams, key: string): number | undefined {
  const s = str(p, key);
  if (s === undefined || s.trim() === '' || !/^-?\d+$/.test(s.trim())) return undefined;
  const n = Number(s.trim());
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * A value the client really sent: old clients read their session from localStorage and send
 * `null`, `"null"` or `"undefined"` for what they do not have (a role 2 employee has no invitation
 * code). Those, and empty text, count as nothing sent.
 */
export function sent(p: LegacyParams, key: string): string | undefined {
  const v = str(p, key)?.trim();
  if (!v || v === 'null' || v === 'undefined') return undefined;
  return v;
}
