import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { M } from '#shared/messages';
import { usuarioPorDocumento as porDocumento } from '../modules/cuenta/usuario.domain';
import { scopeOf, type CrudScope } from '../modules/crud/crud.scope';
import { idsDeLineas } from '../modules/venta/venta.administracion';
import { parseLegacy, type LegacyContext } from './legacy';
import { LISTA_MAX } from './filas';
import { int, str, type LegacyParams } from './params';

const MAX_INT4 = 2_147_483_647;

/** A row id sent as a number or as text; anything else is refused with `message`. */
export function parseId(p: LegacyParams, keys: string | readonly string[], message: string): number {
  const list = typeof keys === 'string' ? [keys] : keys;
  const raw = list.map((k) => str(p, k)).find((v) => v !== undefined && v.trim() !== '');
  return parseLegacy(z.coerce.number({ error: message }).int(message).positive(message).max(MAX_INT4, message), raw?.trim());
}

/**
 * Legacy lists answer whole (the old clients filter and page in the browser) up to LISTA_MAX rows,
 * newest or best first; `page` and `pageSize` read further, and `X-Total-Count` says how many exist.
 */
export function pagina(p: LegacyParams): { q: string; page: number; pageSize: number } {
  const page = Math.min(Math.max(int(p, 'page') ?? 1, 1), 100_000);
  const pageSize = Math.min(Math.max(int(p, 'pageSize') ?? LISTA_MAX, 1), LISTA_MAX);
  return { q: '', page, pageSize };
}

export function conTotal(reply: FastifyReply, total: number) {
  reply.header('x-total-count', String(total));
}

/** The back-office scope of the session (a store admin's store, or every store for the operator). */
export const adminScope = (ctx: LegacyContext): CrudScope => ({ ...scopeOf(ctx.sesion), cara: 'legacy' });

/** Update forms are fed by list rows, whose password column is a mask: sending it back changes nothing. */
export function contrasenaNueva(p: LegacyParams, key = 'contrasena'): string | undefined {
  const v = str(p, key);
  return v === M.crud.mask ? undefined : v;
}

/** The user a document names, inside the caller's scope (null when there is none; refused when it names several). */
export const usuarioPorDocumento = (ctx: LegacyContext, documento: string): Promise<number | null> => porDocumento(ctx.app.db, adminScope(ctx), documento);

/** The invoice lines of a sale (optionally of one product) inside the caller's scope. */
export const lineasDe = (ctx: LegacyContext, ventaId: number, productoId?: number): Promise<number[]> =>
  idsDeLineas({ db: ctx.app.db, scope: adminScope(ctx), ventaId, productoId });
