import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { BODY_LIMIT } from '../plugins/request-guards';
import { legacy as L } from '#shared/messages/legacy';

/**
 * Limits of the old clients' FormData bodies: the same 512 KiB total as every other body (so no
 * field can be larger), at most 100 fields, no files.
 */
export const MULTIPART_LIMITS = { total: BODY_LIMIT, fields: 100, files: 0 } as const;

export type MultipartFields = Record<string, string | string[]>;

/**
 * Parses a multipart/form-data body already read whole (and bounded) into `{ key: value }`, a
 * repeated key into an array, as @fastify/multipart's `keyValues` did.
 */
export async function parseMultipartFields(body: Buffer, contentType: string): Promise<MultipartFields> {
  const out: MultipartFields = {};
  if (body.length === 0) return out;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('INVALID_BODY', M.generic.invalidJson);
  }
  let fields = 0;
  for (const [key, value] of form) {
    if (typeof value !== 'string') throw new AppError('PAYLOAD_TOO_LARGE', L.sinArchivos);
    if (++fields > MULTIPART_LIMITS.fields) throw new AppError('PAYLOAD_TOO_LARGE', M.generic.bodyTooLarge);
    if (key in Object.prototype) throw new AppError('INVALID_BODY', M.generic.invalidJson);
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/**
 * The legacy prefix's multipart parser. @fastify/multipart reads the raw request itself and, as its
 * README says, never applies Fastify's `bodyLimit` (its `fieldSize`, `fields` and `parts` limits
 * bound each part, not the total): 100 fields of 1 MB each were held in memory, before the token was
 * even looked at. Here Fastify reads the body like any other, with `bodyLimit` (413 as soon as a
 * declared or streamed body passes 512 KiB, nothing held beyond it), and only then is it parsed.
 */
export function registerMultipartParser(app: FastifyInstance) {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MULTIPART_LIMITS.total },
    async (req: FastifyRequest, body: Buffer) => parseMultipartFields(body, String(req.headers['content-type'])),
  );
}
