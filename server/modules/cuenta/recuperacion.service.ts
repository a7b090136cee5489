import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db } from '../../db/client';
import { codigoRecuperacion, tienda, usuario } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/password';
import { numericCode } from '../../lib/random-code';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_TRIES = 5;
const MAX_SENDS_PER_WINDOW = 3;
/** Code rows are kept this long after they expire (a day of sends to look back on), then deleted. */
export const PURGE_AFTER_MS = 24 * 60 * 60 * 1000;

const hmac = (secret: string, code: string) => createHmac('sha256', secret).update(code).digest('hex');

const wrongCode = () => new AppError('BUSINESS_RULE', M.recuperacion.wrongCode, { fields: { codigo: M.recuperacion.wrongCode } });

/** The tipo of a code row for an email that names no account: never mailed, never usable. */
const SIN_CUENTA = 'ninguna';

/** Both tables, always: the lookup costs the same whoever the email belongs to. */
async function findAccount(db: Db, correo: string) {
  const [u] = await db.select({ id: usuario.idUsuario }).from(usuario).where(sql`lower(${usuario.correo}) = ${correo}`).limit(1);
  const [t] = await db.select({ id: tienda.idTienda }).from(tienda).where(sql`lower(${tienda.correo}) = ${correo}`).limit(1);
  if (u) return { tipo: 'empleado' as const, id: u.id };
  if (t) return { tipo: 'tienda' as const, id: t.id };
  return null;
}

/**
 * Sends a 6-digit code. The answer is the same whether or not the email is registered, and so is
 * the work behind it (issue #15: known emails took ~26 ms, unknown ones ~6 ms): the same lookups,
 * the same send limit, the same transaction and a code row for either (one for no account is
 * marked `ninguna` and can never be used). The mail is handed to the mailer and not waited for; a
 * mail that fails is logged, never answered (an error only known emails could get would tell).
 */
export async function enviarCodigo(options: { db: Db; mailer: Mailer; secret: string; correo: string; log?: FastifyBaseLogger }): Promise<void> {
  const { db, mailer, secret, correo, log } = options;
  const account = await findAccount(db, correo);
  const since = new Date(Date.now() - CODE_TTL_MS);
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(codigoRecuperacion)
    .where(and(eq(codigoRecuperacion.correo, correo), gt(codigoRecuperacion.creadoEn, since)));
  if ((recent?.n ?? 0) >= MAX_SENDS_PER_WINDOW) return;
  const code = numericCode(6);
  await db.transaction(async (tx) => {
    // Every send also deletes the rows that expired over a day ago, whoever they were for: the table
    // holds about a day of codes, and the work is the same whatever the email.
    await tx.delete(codigoRecuperacion).where(lt(codigoRecuperacion.venceEn, new Date(Date.now() - PURGE_AFTER_MS)));
    await tx
      .update(codigoRecuperacion)
      .set({ usadoEn: new Date() })
      .where(and(eq(codigoRecuperacion.correo, correo), isNull(codigoRecuperacion.usadoEn)));
    await tx.insert(codigoRecuperacion).values({
      tipo: account?.tipo ?? SIN_CUENTA,
      cuentaId: account?.id ?? 0,
      correo,
      codigoHash: hmac(secret, code),
      venceEn: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  if (!account) return;
  const failed = (err: unknown) => log?.error({ err }, 'no se pudo enviar el código de recuperación');
  try {
    mailer.send({ to: correo, subject: M.recuperacion.mailSubject, text: M.recuperacion.mailText(code) }).catch(failed);
  } catch (err) {
    failed(err);
  }
}

/**
 * Checks the code of the newest pending code row, counting tries; returns the row when right.
 * The try is taken before comparing, by one conditional UPDATE (`intentos < MAX_TRIES`): however
 * many guesses arrive at once, at most MAX_TRIES are ever compared. A right code gives its try back.
 */
async function checkCode(db: Db, secret: string, correo: string, codigo: string) {
  const [pending] = await db
    .select({ id: codigoRecuperacion.id })
    .from(codigoRecuperacion)
    .where(and(eq(codigoRecuperacion.correo, correo), isNull(codigoRecuperacion.usadoEn), gt(codigoRecuperacion.venceEn, new Date())))
    .orderBy(desc(codigoRecuperacion.id))
    .limit(1);
  if (!pending) throw wrongCode();
  const [row] = await db
    .update(codigoRecuperacion)
    .set({ intentos: sql`${codigoRecuperacion.intentos} + 1` })
    .where(
      and(
        eq(codigoRecuperacion.id, pending.id),
        isNull(codigoRecuperacion.usadoEn),
        gt(codigoRecuperacion.venceEn, new Date()),
        lt(codigoRecuperacion.intentos, MAX_TRIES),
      ),
    )
    .returning();
  if (!row) throw wrongCode();
  const expected = Buffer.from(row.codigoHash, 'hex');
  const given = Buffer.from(hmac(secret, codigo), 'hex');
  if (!timingSafeEqual(expected, given) || row.tipo === SIN_CUENTA) throw wrongCode();
  await db
    .update(codigoRecuperacion)
    .set({ intentos: sql`greatest(${codigoRecuperacion.intentos} - 1, 0)` })
    .where(eq(codigoRecuperacion.id, row.id));
  return row;
}

/**
 * Step 2 of the screens: tells the person the code is right before they type a new password. It
 * grants nothing: the reset must present the code again (no "recently verified" shortcut).
 */
export async function verificarCodigo(options: { db: Db; secret: string; correo: string; codigo: string }): Promise<void> {
  const row = await checkCode(options.db, options.secret, options.correo, options.codigo);
  await options.db.update(codigoRecuperacion).set({ verificadoEn: new Date() }).where(eq(codigoRecuperacion.id, row.id));
}

/**
 * Sets the new password, consumes the code and revokes every earlier session of the account. The
 * code itself must come with the new password, on every face (web, /api and the legacy call).
 */
export async function restablecer(options: {
  db: Db;
  secret: string;
  correo: string;
  codigo: string;
  contrasena: string;
}): Promise<void> {
  const row = await checkCode(options.db, options.secret, options.correo, options.codigo);
  await applyNewPassword(options.db, row, options.contrasena);
}

async function applyNewPassword(db: Db, row: typeof codigoRecuperacion.$inferSelect, contrasena: string) {
  const hash = await hashPassword(contrasena);
  await db.transaction(async (tx) => {
    const used = await tx
      .update(codigoRecuperacion)
      .set({ usadoEn: new Date() })
      .where(and(eq(codigoRecuperacion.id, row.id), isNull(codigoRecuperacion.usadoEn)))
      .returning({ id: codigoRecuperacion.id });
    if (used.length === 0) throw wrongCode();
    if (row.tipo === 'tienda') {
      await tx
        .update(tienda)
        .set({ contrasenaHash: hash, tokenVersion: sql`${tienda.tokenVersion} + 1` })
        .where(eq(tienda.idTienda, row.cuentaId));
    } else {
      await tx
        .update(usuario)
        .set({ contrasenaHash: hash, tokenVersion: sql`${usuario.tokenVersion} + 1` })
        .where(eq(usuario.idUsuario, row.cuentaId));
    }
  });
}
