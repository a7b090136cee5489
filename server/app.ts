import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { es } from 'zod/locales';
import { AppError } from '#shared/errors';
import { M, PRODUCT_NAME } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { Database, Db } from './db/client';
import { durationMs, type Env } from './env';
import { loggerOptions } from './lib/log-redact';
import type { Mailer } from './lib/mailer';
import { createTokenService, type TokenService } from './lib/tokens';
import { makeAuthenticate, requireStore, SessionCache, sessionOf } from './plugins/auth';
import { createAuthLimits, type AuthLimits } from './plugins/auth-limits';
import { registerErrorHandling } from './plugins/errors';
import { registrarIdempotencia } from './plugins/idempotencia';
import { registerOperacion } from './plugins/operacion';
import { sharedCounters } from './plugins/rate-limit-store';
import { registerReadCache } from './plugins/read-cache';
import { BODY_LIMIT, registerRequestGuards } from './plugins/request-guards';
import { inlineScriptHashes, registerStaticWeb } from './plugins/static-web';
import { localWriteBus, postgresWriteBus, type WriteBus } from './plugins/write-bus';
import { analisisRoutes } from './modules/analisis/analisis.routes';
import { autoridadRoutes, redLocalRoutes } from './modules/red-local/red-local.routes';
import { clienteRoutes } from './modules/cliente/cliente.routes';
import { legacyRoutes } from './legacy/legacy.routes';
import { crudRoutes } from './modules/crud/crud.routes';
import { cuentaRoutes } from './modules/cuenta/cuenta.routes';
import { pinRoutes } from './modules/cuenta/pin.routes';
import { facturaRoutes } from './modules/factura/factura.routes';
import { movimientoRoutes } from './modules/movimiento/movimiento.routes';
import { productoRoutes } from './modules/producto/producto.routes';
import { ajustesRoutes } from './modules/ajustes/ajustes.routes';
import { sucursalRoutes } from './modules/sucursal/sucursal.routes';
import { perfilFiscalRoutes } from './modules/fiscal/perfil-fiscal.routes';
import { impuestosRoutes } from './modules/impuestos/impuestos.routes';
import { numeracionRoutes } from './modules/numeracion/numeracion.routes';
import { proveedorRoutes } from './modules/proveedor/proveedor.routes';
import { ventaRoutes } from './modules/venta/venta.routes';
import { sinRedRoutes } from './modules/sin-red/sin-red.routes';
import { cajaRoutes } from './modules/caja/caja.routes';
import { fiadoRoutes } from './modules/fiado/fiado.routes';
import { actividadRoutes } from './modules/actividad/actividad.routes';
import { reportesRoutes } from './modules/reportes/reportes.routes';
import { comprasRoutes } from './modules/compras/compras.routes';
import { importacionRoutes } from './modules/importacion/importacion.routes';
import { devolucionRoutes } from './modules/devolucion/devolucion.routes';
import { exportacionRoutes } from './modules/exportacion/exportacion.routes';
import { dianRoutes } from './modules/dian/dian.routes';
import { conteoRoutes } from './modules/conteo/conteo.routes';
import { loteRoutes } from './modules/lote/lote.routes';
import { listaPrecioRoutes } from './modules/lista-precio/lista-precio.routes';
import { promocionRoutes } from './modules/promocion/promocion.routes';
import { trasladoRoutes } from './modules/traslado/traslado.routes';
import { puntosRoutes } from './modules/puntos/puntos.routes';
import { configurarDian } from './modules/dian/contexto';
import { configurarSalida } from './lib/salida';
import { iniciarTrabajadorDian } from './modules/dian/trabajador';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    mailer: Mailer;
    tokens: TokenService;
    /** Server secret for signing tokens and hashing recovery codes. */
    secret: string;
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Checked sessions reused briefly, emptied by the write bus. */
    sessionCache: SessionCache | undefined;
    /** Announces writes to every instance's caches (ADR 008). */
    writeBus: WriteBus;
    /** Every route registered, for the authorization matrix test. */
    routeTable: { method: string; url: string }[];
    /** Body schemas by "METHOD url", for the bad-input tests. */
    routeSchemas: Map<string, unknown>;
    /** Sign-in, registration and recovery tries; back-office answers that reveal other accounts. */
    authLimits: AuthLimits;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  mailer: Mailer;
  secret: string;
  logger?: boolean | Record<string, unknown>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const API_PREFIX = '/api';

/** The built web app: beside the bundle in dist/, or dist/web when run from the source tree. */
function defaultWebDir() {
  // Bundled: <dist>/server/main.js beside <dist>/web. From the source tree: dist/web.
  return path.basename(here) === 'server' && fs.existsSync(path.join(here, 'migrations'))
    ? path.resolve(here, '..', 'web')
    : path.resolve(here, '..', 'dist', 'web');
}

/** Registers every plugin and route; never listens (tests use inject()). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  // Every schema gives its own Spanish text; where one was forgotten, zod's Spanish locale answers
  // instead of its English ("Invalid option: expected one of…").
  z.config(es());
  const app = Fastify({
    // Secret query values (the legacy GET sign-in's password), bodies and errors are redacted.
    logger: loggerOptions(options.logger, env.LOG_LEVEL),
    bodyLimit: BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    // Client-generated ids never reach the logs as trusted values; behind a proxy (TRUST_PROXY), the
    // proxy's X-Request-Id is the request's id in the log (docs/deploy.md).
    requestIdHeader: env.TRUST_PROXY ? 'x-request-id' : false,
    // While shutting down, requests on open connections get the product's 503 (server/plugins/operacion.ts).
    return503OnClosing: false,
  });
  app.decorate('routeTable', [] as { method: string; url: string }[]);
  app.decorate('routeSchemas', new Map<string, unknown>());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url });
      if (route.schema?.body) app.routeSchemas.set(`${method} ${route.url}`, route.schema.body);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('env', env);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('mailer', options.mailer);
  app.decorate('secret', options.secret);
  app.decorate('tokens', createTokenService(options.secret, env.JWT_TTL));
  // In-memory caches of checked sessions and hot reads, on every instance, kept right by the write
  // bus (ADR 008): local with the embedded database, LISTEN/NOTIFY with PostgreSQL.
  const cacheReads = env.READ_CACHE ?? true;
  const bus: WriteBus =
    !cacheReads || options.database.kind === 'pglite' || !options.database.url
      ? localWriteBus()
      : await postgresWriteBus({ database: options.database, url: options.database.url, log: app.log });
  app.addHook('onClose', () => bus.close());
  app.decorate('writeBus', bus);
  app.decorate('sessionCache', cacheReads ? new SessionCache(() => bus.healthy) : undefined);
  app.decorate('authenticate', makeAuthenticate(options.database.db, app.tokens, app.sessionCache));
  if (cacheReads) {
    // Any write (a password reset, a role change, a deleted user…) may change who a token is; the
    // few routes that never touch an account (the checkout and its receipt) say so and keep them.
    // Writes without a session (sign-in, registration, recovery) change no store's data.
    app.addHook('onSend', async (req, reply, payload) => {
      // A refused request changed nothing (no half-written rows): nothing to announce, and an
      // anonymous client cannot make every instance empty its caches by sending bad requests.
      if (reply.statusCode >= 400) return payload;
      const escritura =
        req.escritura ??
        (req.method !== 'GET' &&
          req.method !== 'HEAD' && {
            tiendaId: req.sesion?.tiendaId ?? null,
            lecturas: req.sesion != null,
            sesiones: !req.routeOptions.config?.keepsSessions,
            catalogo: !req.routeOptions.config?.keepsCatalog,
            empresaId: req.sesion?.empresaId ?? null,
          });
      if (escritura) bus.publish(escritura);
      return payload;
    });
    bus.subscribe((event) => {
      if (!event || event.sesiones) app.sessionCache!.clear();
    });
  }

  registerErrorHandling(app);
  // Oversize declared bodies (413, before reading) and NUL characters (400) on every route.
  registerRequestGuards(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(env.WEB_DIR ?? defaultWebDir())],
        // sweetalert2 and React inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Shops often serve the app over plain HTTP on their own network.
    strictTransportSecurity: false,
  });

  // Counters in memory for one instance; in Redis (REDIS_URL) when several share the load. Redis is a
  // helper, not a gate (issue #37): no offline queue and a short timeout, so a down Redis answers at
  // once and the counters fall back to this instance's own (server/plugins/rate-limit-store.ts).
  // ioredis is loaded only when a Redis is configured (~0,15 s of a start's CPU otherwise, issue #55 point 5).
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, { maxRetriesPerRequest: 0, connectTimeout: 2000, commandTimeout: 500, enableOfflineQueue: false, lazyConnect: false })
    : null;
  const counters = redis ? sharedCounters(redis, { nameSpace: 'adax-rl:', log: app.log }) : null;
  if (redis) {
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    // The first sign-ins count in Redis when it answers; one that does not answer does not hold the start.
    await new Promise<void>((resolve) => {
      redis.once('ready', () => resolve());
      setTimeout(resolve, 1_500).unref();
    });
  }
  // Health, readiness and metrics; every response is measured (issue #37).
  const operacionRoutes = registerOperacion(app, {
    metricsToken: env.METRICS_TOKEN,
    contadores: () => counters?.estado() ?? 'en memoria',
    dataDir: env.DATA_DIR,
    discoMinimoMb: env.DISCO_MINIMO_MB,
  });
  options.database.pool?.on('error', (err) => app.log.warn({ err: err.message }, 'conexión de la base de datos perdida; se abrirá otra'));
  // Before compression: the cache keeps (and serves) the plain JSON text.
  registerReadCache(app, { enabled: cacheReads, bus });

  // gzip/brotli for JSON lists and the web app's assets.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs more CPU than it saves on a shop's network.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    ...(counters ? { store: counters.Store } : {}),
  });
  // Per address and account, and per address alone, keyed by the value the handler uses (issue #15).
  app.decorate(
    'authLimits',
    createAuthLimits(app, {
      accountMax: env.RATE_LIMIT_AUTH_MAX,
      addressMax: env.RATE_LIMIT_AUTH_ADDRESS_MAX ?? env.RATE_LIMIT_AUTH_MAX * 3,
      lookupMax: env.RATE_LIMIT_AUTH_MAX,
      timeWindow: env.RATE_LIMIT_WINDOW,
    }),
  );

  await app.register(fastifySwagger, {
    openapi: { info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // The cheapest route of the server: the benchmarks' reference.
      api.get('/ping', { schema: { hide: true } }, async () => ({ ok: true }));
      await api.register(autoridadRoutes);
      operacionRoutes(api);
      // The API's map: for a signed-in role 1 only in production (issue #28), or as API_DOCS says.
      const docsAbiertos = (env.API_DOCS ?? (env.NODE_ENV === 'production' ? 'admin' : 'public')) === 'public';
      api.get('/docs', {
        schema: { hide: true },
        onRequest: docsAbiertos
          ? []
          : [
              api.authenticate,
              async (req: FastifyRequest) => {
                if (sessionOf(req).rol !== ROL.ADMIN) throw new AppError('FORBIDDEN', M.generic.forbidden);
              },
            ],
        handler: async () => app.swagger(),
      });
      await api.register(cuentaRoutes);
      // Everything below needs a signed-in session.
      await api.register(async (priv) => {
        priv.addHook('onRequest', priv.authenticate);
        registrarIdempotencia(priv, options.database.db);
        // The shop's own screens: only sessions that act for a store (not the platform operator),
        // refused before validation so no rule of a store's data is revealed.
        await priv.register(async (store) => {
          store.addHook('preValidation', requireStore);
          await store.register(ventaRoutes);
          await store.register(sinRedRoutes);
          await store.register(cajaRoutes);
          await store.register(fiadoRoutes);
          await store.register(productoRoutes);
          await store.register(proveedorRoutes);
          await store.register(clienteRoutes);
          await store.register(analisisRoutes);
          await store.register(movimientoRoutes);
          await store.register(facturaRoutes);
          await store.register(ajustesRoutes);
          await store.register(sucursalRoutes);
          await store.register(perfilFiscalRoutes);
          await store.register(pinRoutes);
          await store.register(actividadRoutes);
          await store.register(impuestosRoutes);
          await store.register(numeracionRoutes);
          await store.register(redLocalRoutes);
          await store.register(reportesRoutes);
          await store.register(comprasRoutes);
          await store.register(importacionRoutes);
          await store.register(exportacionRoutes);
          await store.register(devolucionRoutes);
          await store.register(dianRoutes);
          await store.register(conteoRoutes);
          await store.register(loteRoutes);
          await store.register(listaPrecioRoutes);
          await store.register(promocionRoutes);
          await store.register(trasladoRoutes);
          await store.register(puntosRoutes);
        });
        await priv.register(crudRoutes, { prefix: '/crud' });
      });
    },
    { prefix: API_PREFIX },
  );

  await app.register(legacyRoutes, { prefix: env.LEGACY_PREFIX });

  // The electronic POS document (issue #31, ADR 023): its settings, and the outbox's worker (not in
  // tests, which drain the outbox through its route).
  configurarSalida(env.SALIDA_PERMITIR);
  configurarDian(env, (err, mensaje) => app.log.error({ err: err instanceof Error ? err.message : String(err) }, mensaje));
  if (env.DIAN_INTERVALO !== 'off' && env.NODE_ENV !== 'test') {
    const detener = iniciarTrabajadorDian(app.db, durationMs(env.DIAN_INTERVALO), app.mailer);
    app.addHook('onClose', detener);
  }

  await registerStaticWeb(app, {
    webDir: env.WEB_DIR ?? defaultWebDir(),
    apiPrefixes: [API_PREFIX, env.LEGACY_PREFIX],
  });

  return app;
}
