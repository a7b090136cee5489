import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { entregaActions, inventarioActions, metodosPagoActions, rolActions } from './controllers/catalogos';
import { clienteActions } from './controllers/cliente';
import { loginController, tiendaCuentaActions, usuariosCuentaActions } from './controllers/cuenta';
import { facturaActions } from './controllers/factura';
import { movimientoActions } from './controllers/movimiento';
import { productoActions } from './controllers/producto';
import { proveedorActions } from './controllers/proveedor';
import { tiendaAdminActions } from './controllers/tienda-admin';
import { usuariosAdminActions } from './controllers/usuarios-admin';
import { ventaActions } from './controllers/venta';
import { registerController, type LegacyController } from './legacy';
import { registerMultipartParser } from './multipart';
import { registerLegacyErrorHandler } from './respond';
import { registrarCierreDeClaves } from '../plugins/idempotencia';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';

export const LOGIN_PATH = 'login/procesologin.php';

/** Every controller of the old system, by file name, with the actions it answers (in matching order). */
export function legacyControllers(): Record<string, LegacyController> {
  return {
    'controlador/controlador.usuarios.php': [...usuariosCuentaActions, ...usuariosAdminActions],
    'controlador/controlador.tienda.php': [...tiendaCuentaActions, ...tiendaAdminActions],
    'controlador/controlador.venta.php': ventaActions,
    'controlador/controlador.factura.php': facturaActions,
    'controlador/controlador.producto.php': productoActions,
    'controlador/controlador.proveedor.php': proveedorActions,
    'controlador/controlador.cliente.php': clienteActions,
    'controlador/controlador.movimiento.php': movimientoActions,
    'controlador/controlador.inventario.php': inventarioActions,
    'controlador/controlador.metodospago.php': metodosPagoActions,
    'controlador/controlador.rol.php': rolActions,
    'controlador/controlador.entregaproductos.php': entregaActions,
  };
}

/**
 * The old system's controller API (spec §7), call for call, under LEGACY_PREFIX: thin adapters over
 * the same services as /api. Parameters are read from the query string, JSON, urlencoded or
 * multipart bodies alike, every body within the same 512 KiB (multipart included: ./multipart.ts). The
 * old clients run on other origins (their own web server, phones), and authenticate with a Bearer
 * token, never a cookie: so any origin may call, as the PHP did. A controller whose every call needs
 * a token checks it before the body is read (./legacy.ts).
 */
export async function legacyRoutes(app: FastifyInstance) {
  await app.register(formbody);
  registerMultipartParser(app);
  registerLegacyErrorHandler(app);
  // The keys of writes sent with an Idempotency-Key: taken in each call's handler (./legacy.ts).
  registrarCierreDeClaves(app, app.db);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'X-Total-Count, Idempotent-Replayed');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  app.options('/*', async (_req, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
      .header('access-control-allow-headers', 'Content-Type, Authorization, Idempotency-Key')
      .header('access-control-max-age', '600')
      .send(),
  );
  registerController(app, `/${LOGIN_PATH}`, loginController);
  for (const [file, controller] of Object.entries(legacyControllers())) registerController(app, `/${file}`, controller);
  // An unknown path under the prefix is this plugin's 404, answered like its other refusals and with
  // the same CORS headers (the hook above), so a browser client sees the 404, not a network error.
  app.setNotFoundHandler(() => {
    throw new AppError('NOT_FOUND', M.generic.notFound);
  });
}
