import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ZPromocion, ZPromocionesCaja, ZPromocionIdParams, ZPromocionMessage, ZPromocionRequest } from '#shared/schemas/promociones';
import { ZCopiaATiendas, ZCopiaATiendasRequest } from '#shared/schemas/sucursal';
import { sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { requireDueno } from '../tienda/alcance';
import { alcanceDe } from '../tienda/empresa';
import { cambiarPromocion, copiarPromocion, crearPromocion, eliminarPromocion, listarPromociones, obtenerPromocion, promocionesParaCaja, verificarPromociones } from './promocion.domain';

/** Promotions (issue #59 points 2 and 5, ADR 052). Thin: the rules are promocion.domain.ts's and the engine's. */
export async function promocionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['promociones'];
  type Req = Parameters<typeof sessionOf>[0];
  const autor = (req: Req) => autorDe(sessionOf(req), 'tienda');
  // The `promociones` permission, refused before the request is read (a write's refusal is recorded).
  const permiso = (escritura: boolean) => async (req: Req) => verificarPromociones(app.db, storeOf(req), autor(req), escritura);
  // A promotion changes no product nor stock: the till's cached catalogue stays (it reads /promociones/caja).
  const config = { keepsSessions: true, keepsCatalog: true };
  const P = M.promociones;

  // What the till (and the device, with its catalogue) prices a cart with: every seller of the store reads it.
  r.get('/promociones/caja', {
    schema: { tags, response: { 200: ZPromocionesCaja } },
    handler: (req) => promocionesParaCaja(app.db, storeOf(req)),
  });

  r.get('/promociones', {
    preValidation: permiso(false),
    schema: { tags, response: { 200: z.array(ZPromocion) } },
    handler: (req) => listarPromociones({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.post('/promociones', {
    preValidation: permiso(true),
    config,
    schema: { tags, body: ZPromocionRequest, response: { 201: ZPromocionMessage } },
    handler: async (req, reply) => {
      const promocion = await crearPromocion({ db: app.db, tiendaId: storeOf(req), autor: autor(req), input: req.body });
      return reply.status(201).send({ message: P.creada(promocion.nombre), promocion });
    },
  });

  r.get('/promociones/:id', {
    preValidation: permiso(false),
    schema: { tags, params: ZPromocionIdParams, response: { 200: ZPromocion } },
    handler: (req) => obtenerPromocion({ db: app.db, tiendaId: storeOf(req), id: req.params.id }),
  });

  r.put('/promociones/:id', {
    preValidation: permiso(true),
    config,
    schema: { tags, params: ZPromocionIdParams, body: ZPromocionRequest, response: { 200: ZPromocionMessage } },
    handler: async (req) => ({ message: P.guardada, promocion: await cambiarPromocion({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id, input: req.body }) }),
  });

  r.delete('/promociones/:id', {
    preValidation: permiso(true),
    config,
    schema: { tags, params: ZPromocionIdParams, response: { 200: z.object({ message: z.string() }) } },
    handler: async (req) => {
      await eliminarPromocion({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id });
      return { message: P.eliminada };
    },
  });

  // The empresa's owner copies the promotion to other stores of the empresa (issue #59 point 1), refused before the body is read.
  r.post('/promociones/:id/copiar', {
    preValidation: async (req) => {
      requireDueno(alcanceDe(sessionOf(req)), M.sucursales.copia.soloDueno);
    },
    config,
    schema: { tags, params: ZPromocionIdParams, body: ZCopiaATiendasRequest, response: { 200: ZCopiaATiendas } },
    handler: async (req) => {
      const tiendas = await copiarPromocion({ db: app.db, quien: sessionOf(req), id: req.params.id, tiendas: req.body.tiendas });
      const omitidas = tiendas.filter((x) => x.resultado === 'omitida').length;
      return { message: M.sucursales.copia.hecha(tiendas.length - omitidas, omitidas), tiendas };
    },
  });
}
