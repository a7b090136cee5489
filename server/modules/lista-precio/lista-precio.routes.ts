import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ZClienteListaRequest, ZListaIdParams, ZListaPrecio, ZListaPrecioDetalle, ZListaPrecioMessage, ZListaPrecioRequest, ZPrecioListaRequest } from '#shared/schemas/listas-precios';
import { ZCopiaATiendas, ZCopiaATiendasRequest } from '#shared/schemas/sucursal';
import { sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { requireDueno } from '../tienda/alcance';
import { alcanceDe } from '../tienda/empresa';
import { asignarCliente, cambiarLista, copiarLista, crearLista, eliminarLista, guardarPrecio, listarListas, obtenerLista, verificarListas } from './lista-precio.domain';

/** Price lists (issue #59 points 1 and 5, ADR 047). Thin: the rules are lista-precio.domain.ts's. */
export async function listaPrecioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['listas-precios'];
  type Req = Parameters<typeof sessionOf>[0];
  const autor = (req: Req) => autorDe(sessionOf(req), 'tienda');
  // The `listasPrecios` permission, refused before the request is read (a write's refusal is recorded).
  const permiso = (escritura: boolean) => async (req: Req) => verificarListas(app.db, storeOf(req), autor(req), escritura);
  // A list changes no product nor stock: the till's cached catalogue stays.
  const config = { keepsSessions: true, keepsCatalog: true };
  const P = M.precios;

  r.get('/listas-precios', {
    preValidation: permiso(false),
    schema: { tags, response: { 200: z.array(ZListaPrecio) } },
    handler: (req) => listarListas({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.post('/listas-precios', {
    preValidation: permiso(true),
    config,
    schema: { tags, body: ZListaPrecioRequest, response: { 201: ZListaPrecioMessage } },
    handler: async (req, reply) => {
      const lista = await crearLista({ db: app.db, tiendaId: storeOf(req), autor: autor(req), input: req.body });
      return reply.status(201).send({ message: P.creada(lista.nombre), lista });
    },
  });

  r.get('/listas-precios/:id', {
    preValidation: permiso(false),
    schema: { tags, params: ZListaIdParams, response: { 200: ZListaPrecioDetalle } },
    handler: (req) => obtenerLista({ db: app.db, tiendaId: storeOf(req), id: req.params.id }),
  });

  r.put('/listas-precios/:id', {
    preValidation: permiso(true),
    config,
    schema: { tags, params: ZListaIdParams, body: ZListaPrecioRequest, response: { 200: ZListaPrecioMessage } },
    handler: async (req) => ({ message: P.guardada, lista: await cambiarLista({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id, input: req.body }) }),
  });

  r.delete('/listas-precios/:id', {
    preValidation: permiso(true),
    config,
    schema: { tags, params: ZListaIdParams, response: { 200: z.object({ message: z.string() }) } },
    handler: async (req) => {
      await eliminarLista({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id });
      return { message: P.eliminada };
    },
  });

  r.put('/listas-precios/:id/precios', {
    preValidation: permiso(true),
    config,
    schema: { tags, params: ZListaIdParams, body: ZPrecioListaRequest, response: { 200: ZListaPrecioMessage } },
    handler: async (req) => ({
      message: req.body.precio == null ? P.precioQuitado : P.precioGuardado,
      lista: await guardarPrecio({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id, input: req.body }),
    }),
  });

  r.put('/listas-precios/:id/clientes', {
    preValidation: permiso(true),
    config,
    schema: { tags, params: ZListaIdParams, body: ZClienteListaRequest, response: { 200: ZListaPrecioMessage } },
    handler: async (req) => {
      const { lista, cliente } = await asignarCliente({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id, input: req.body });
      return { message: req.body.asignado ? P.clienteAsignado(cliente, lista.nombre) : P.clienteQuitado(cliente), lista };
    },
  });

  // The empresa's owner copies the list to other stores of the empresa (issue #59 point 1), refused before the body is read.
  r.post('/listas-precios/:id/copiar', {
    preValidation: async (req) => {
      requireDueno(alcanceDe(sessionOf(req)), M.sucursales.copia.soloDueno);
    },
    config,
    schema: { tags, params: ZListaIdParams, body: ZCopiaATiendasRequest, response: { 200: ZCopiaATiendas } },
    handler: async (req) => {
      const tiendas = await copiarLista({ db: app.db, quien: sessionOf(req), id: req.params.id, tiendas: req.body.tiendas });
      const omitidas = tiendas.filter((x) => x.resultado === 'omitida').length;
      return { message: M.sucursales.copia.hecha(tiendas.length - omitidas, omitidas), tiendas };
    },
  });
}
