import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ZMessageResponse } from '#shared/schemas/auth';
import { ZCrearSucursalRequest, ZPersonaEnTiendaParams, ZPersonasDeEmpresa, ZRolEnTiendaRequest, ZSucursalCreada, ZSucursales } from '#shared/schemas/sucursal';
import { sessionOf } from '../../plugins/auth';
import { alcanceDe } from '../tienda/empresa';
import { requireDueno } from '../tienda/alcance';
import { asignarRolEnTienda, crearSucursal, listarPersonasDeEmpresa, listarSucursales, quitarRolEnTienda } from './sucursal.domain';

const S = M.sucursales;

/** *Sucursales* (issue #56 step 3): the empresa's owner lists and opens its stores and gives people a role in them (registered beside the store's routes, app.ts). */
export async function sucursalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The owner only, refused before the body is read (as the role checks are).
  const soloDueno = async (req: Parameters<typeof sessionOf>[0]) => {
    requireDueno(alcanceDe(sessionOf(req)), S.soloDueno);
  };

  r.get('/sucursales', {
    preHandler: soloDueno,
    schema: { tags: ['tienda'], response: { 200: ZSucursales } },
    handler: async (req) => ({ items: await listarSucursales({ db: app.db, quien: sessionOf(req) }) }),
  });

  r.post('/sucursales', {
    preValidation: soloDueno,
    config: { keepsSessions: true },
    schema: { tags: ['tienda'], body: ZCrearSucursalRequest, response: { 201: ZSucursalCreada } },
    handler: async (req, reply) => {
      const creada = await crearSucursal({ db: app.db, quien: sessionOf(req), datos: req.body });
      return reply.status(201).send({ ...creada, message: S.creada(req.body.nombreTienda, creada.productos) });
    },
  });

  // The people of the empresa's stores and their role in each (what the two routes below change).
  r.get('/sucursales/personas', {
    preHandler: soloDueno,
    schema: { tags: ['tienda'], response: { 200: ZPersonasDeEmpresa } },
    handler: async (req) => ({ items: await listarPersonasDeEmpresa({ db: app.db, quien: sessionOf(req) }) }),
  });

  // A person's role in another store: changes what their sessions may do (checked sessions are dropped).
  r.put('/sucursales/:id/personas/:idUsuario', {
    preValidation: soloDueno,
    schema: { tags: ['tienda'], params: ZPersonaEnTiendaParams, body: ZRolEnTiendaRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await asignarRolEnTienda({ db: app.db, quien: sessionOf(req), idTienda: req.params.id, idUsuario: req.params.idUsuario, rol: req.body.rol });
      return { message: S.rolAsignado };
    },
  });

  r.delete('/sucursales/:id/personas/:idUsuario', {
    preValidation: soloDueno,
    schema: { tags: ['tienda'], params: ZPersonaEnTiendaParams, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await quitarRolEnTienda({ db: app.db, quien: sessionOf(req), idTienda: req.params.id, idUsuario: req.params.idUsuario });
      return { message: S.rolQuitado };
    },
  });
}
