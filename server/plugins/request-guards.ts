import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { BIDI_RE } from '#shared/schemas/common';

/** The largest request body of any route, JSON, form or multipart alike (SECURITY.md "HTTP"). */
export const BODY_LIMIT = 512 * 1024;

/** Whether a string, a key or any string inside objects and arrays holds a NUL character. */
export const hasNul = (value: unknown): boolean => hasText(value, (s) => s.includes('\u0000'));

/** Whether a string, a key or any string inside objects and arrays holds a bidirectional control (issue #28). */
export const hasBidi = (value: unknown): boolean => hasText(value, (s) => BIDI_RE.test(s));

function hasText(value: unknown, test: (s: string) => boolean): boolean {
  // Iterative: a 512 KiB JSON body may nest far deeper than the call stack allows.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (test(v)) return true;
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (test(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/** How long, and how many bytes, a refused upload is read and thrown away before its socket closes. */
export const LINGER = { ms: 1_000, bytes: 8 * 1024 * 1024 };

/**
 * Lingering close (as nginx's `lingering_close`). When the server refuses a request whose body is
 * still arriving (413, or 401 before reading) it answers with `Connection: close`, and Node then
 * closes the socket at once. Bytes the client keeps sending reach a closed socket, the kernel answers
 * them with a reset, and a reset makes the client's kernel drop what it had not read yet: the refusal
 * itself. The client sees "connection reset" instead of the Spanish message (a browser uploading,
 * a test under load). So the socket is half-closed after the answer, and what still arrives is read
 * and discarded, for at most LINGER.ms and LINGER.bytes, before it is destroyed. Nothing is held.
 */
function lingerOnClose(socket: Socket) {
  socket.destroySoon = function destroyAfterLinger(this: Socket) {
    let drained = 0;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, LINGER.ms);
    timer.unref();
    this.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER.bytes) close();
    });
    this.once('end', close);
    this.end();
    this.resume();
  };
}

/**
 * Guards every route before any work:
 * - a declared body larger than BODY_LIMIT (or the route's own `bodyLimit`) is refused (413) before a byte of it is read, and the
 *   connection closed, so a client cannot make the server read (or hold) it;
 * - a NUL character in the query, path parameters or body is refused (400): PostgreSQL text cannot
 *   hold it, and it is never meaningful in this app's data;
 * - a bidirectional control character (U+202A–U+202E, U+2066–U+2069) anywhere in the query, path
 *   parameters or body is refused (400, issue #28), on every face: in a name it makes the screen, the
 *   receipt or a label show other text than the one kept. The shared schemas refuse it first in the
 *   fields they name (the field's own message); this catches every other text, after validation.
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    const declared = req.headers['content-length'];
    // A route may declare its own limit (the catalogue's import: a spreadsheet, SECURITY.md "HTTP").
    if (declared !== undefined && Number(declared) > (req.routeOptions.bodyLimit ?? BODY_LIMIT)) {
      reply.header('connection', 'close');
      throw new AppError('PAYLOAD_TOO_LARGE', M.generic.bodyTooLarge);
    }
  });
  app.addHook('onSend', async (req, reply) => {
    if (!req.raw.complete && String(reply.getHeader('connection')).toLowerCase() === 'close' && req.raw.socket) lingerOnClose(req.raw.socket);
  });
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.query) || hasNul(req.params) || hasNul(req.body)) throw new AppError('VALIDATION', M.generic.nulChar);
  });
  app.addHook('preHandler', async (req) => {
    if (hasBidi(req.query) || hasBidi(req.params) || hasBidi(req.body)) throw new AppError('VALIDATION', M.generic.bidiChar);
  });
}
