import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';

/** The largest request body of any route, JSON, form or multipart alike (SECURITY.md "HTTP"). */
export const BODY_LIMIT = 512 * 1024;

/** Whether a string, a key or any string inside objects and arrays holds a NUL character. */
export function hasNul(value: unknown): boolean {
  // Iterative: a 512 KiB JSON body may nest far deeper than the call stack allows.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/**
 * Guards every route before any work:
 * - a declared body larger than BODY_LIMIT is refused (413) before a byte of it is read, and the
 *   connection closed, so a client cannot make the server read (or hold) it;
 * - a NUL character in the query, path parameters or body is refused (400): PostgreSQL text cannot
 *   hold it, and it is never meaningful in this app's data.
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > BODY_LIMIT) {
      reply.header('connection', 'close');
      throw new AppError('PAYLOAD_TOO_LARGE', M.generic.bodyTooLarge);
    }
  });
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.query) || hasNul(req.params) || hasNul(req.body)) throw new AppError('VALIDATION', M.generic.nulChar);
  });
}
