import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogoEntry } from '../modules/producto/catalogo';

/** The old clients' full product lists go out compressed as the client asks; the rows and their cache are the product domain's (modules/producto/catalogo.ts). */
/** Sends the list, compressed once per kept answer when the client accepts it. */
export function sendCatalogo(req: FastifyRequest, reply: FastifyReply, entry: CatalogoEntry) {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding').header('cache-control', 'no-store');
  const accept = String(req.headers['accept-encoding'] ?? '');
  const kept = entry.snapshot !== '';
  if (entry.json.length >= 1024 && /\bbr\b/.test(accept)) {
    const br = entry.br ?? zlib.brotliCompressSync(entry.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    if (kept) entry.br = br;
    return reply.header('content-encoding', 'br').send(br);
  }
  if (entry.json.length >= 1024 && /\bgzip\b/.test(accept)) {
    const gz = entry.gzip ?? zlib.gzipSync(entry.json, { level: 6 });
    if (kept) entry.gzip = gz;
    return reply.header('content-encoding', 'gzip').send(gz);
  }
  return reply.send(entry.json);
}
