import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';

/**
 * CSP sources for the inline scripts of the built index.html (vite.config.ts writes two, for the
 * first paint on a slow phone, issue #20): each allowed by its SHA-256, nothing else inline.
 */
export function inlineScriptHashes(webDir: string | undefined): string[] {
  let html: string;
  try {
    html = webDir ? fs.readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

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
        // The service worker is checked for a new version on every visit (vite.config.ts).
        else if (path.basename(filePath) === 'sw.js') reply.header('cache-control', 'no-cache');
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
