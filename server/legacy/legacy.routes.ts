import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { loginController, tiendaCuentaActions, usuariosCuentaActions } from './controllers/cuenta';
import { registerController, type LegacyController } from './legacy';
import { registerLegacyErrorHandler } from './respond';

/** Every controller of the old system, by file name, with the actions it answers. */
export function legacyControllers(): Record<string, LegacyController> {
  return {
    'controlador/controlador.usuarios.php': [...usuariosCuentaActions],
    'controlador/controlador.tienda.php': [...tiendaCuentaActions],
  };
}

/**
 * The old system's controller API (spec §7), call for call, under LEGACY_PREFIX: thin adapters over
 * the same services as /api. Parameters are read from the query string, JSON, urlencoded or
 * multipart bodies alike.
 */
export async function legacyRoutes(app: FastifyInstance) {
  await app.register(formbody);
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 1, files: 0, fields: 100 } });
  registerLegacyErrorHandler(app);
  const authLimit = { rateLimit: app.authRateLimit };
  registerController(app, '/login/procesologin.php', loginController, authLimit);
  for (const [file, controller] of Object.entries(legacyControllers())) registerController(app, `/${file}`, controller);
}
