import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { cliente, factura, usuario } from '../db/schema';
import { inScope, scopeOf, type CrudScope } from '../modules/crud/crud.scope';
import { parseLegacy, type LegacyContext } from './legacy';
import { LISTA_MAX } from './filas';
import { legacy as L } from '#shared/messages/legacy';
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
export const adminScope = (ctx: LegacyContext): CrudScope => scopeOf(ctx.sesion);

/** Update forms are fed by list rows, whose password column is a mask: sending it back changes nothing. */
export function contrasenaNueva(p: LegacyParams, key = 'contrasena'): string | undefined {
  const v = str(p, key);
  return v === M.crud.mask ? undefined : v;
}

/**
 * The user a document names, inside the caller's scope (null when there is none). A documento is
 * unique within a store: for the platform operator (every store) it may name several users, and
 * then the call is refused rather than acting on one of them at random.
 */
export async function usuarioPorDocumento(ctx: LegacyContext, documento: string): Promise<number | null> {
  const scope = adminScope(ctx);
  const rows = await ctx.app.db
    .select({ id: usuario.idUsuario })
    .from(usuario)
    .where(and(eq(usuario.documento, documento.trim()), inScope(scope, usuario.tiendaId)))
    .limit(2);
  if (rows.length > 1) throw new AppError('CONFLICT', L.documentoEnVariasTiendas);
  return rows[0]?.id ?? null;
}

/**
 * The client a document names in a store (null when there is none): as typed, or as the client
 * form stores it ("1.020.304.050" → "1020304050").
 */
export async function clientePorDocumento(ctx: LegacyContext, tiendaId: number, documento: string): Promise<number | null> {
  const forms = [...new Set([documento.trim(), documento.replace(/[.\s]/g, '').toUpperCase()])];
  const rows = await ctx.app.db
    .select({ id: cliente.idCliente, documento: cliente.documento })
    .from(cliente)
    .where(and(eq(cliente.tiendaId, tiendaId), inArray(cliente.documento, forms)))
    .limit(2);
  return (rows.find((r) => r.documento === forms[0]) ?? rows[0])?.id ?? null;
}

/** The invoice lines of a sale (optionally of one product) inside the caller's scope. */
export async function lineasDe(ctx: LegacyContext, ventaId: number, productoId?: number): Promise<number[]> {
  const rows = await ctx.app.db
    .select({ id: factura.idFactura })
    .from(factura)
    .where(and(eq(factura.ventaId, ventaId), productoId != null ? eq(factura.productoId, productoId) : undefined, inScope(adminScope(ctx), factura.tiendaId)))
    .orderBy(factura.idFactura);
  return rows.map((r) => r.id);
}
