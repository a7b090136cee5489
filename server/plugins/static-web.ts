import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';

/**
 * Serves the built single-page app: hashed assets cached for a year, every other GET that is not
 * an API path answered with index.html (the router shows the landing page for unknown paths).
 */
export async function registerStaticWeb(app: FastifyInstance, options: { webDir?: string; apiPrefixes: string[] }) {
  const webDir = options.webDir;
  const hasWeb = !!webDir && fs.existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const isApi = (url: string) => options.apiPrefixes.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
  app.setNotFoundHandler((req, reply) => {
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !isApi(req.url) && !req.url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const err = new AppError('NOT_FOUND', M.generic.notFound);
    return reply.status(err.status).send(err.toBody());
  });
}
