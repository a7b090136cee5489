import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import {
  ZCliente,
  ZClienteMessage,
  ZClienteParams,
  ZClienteResponse,
  ZCreateClienteRequest,
  ZUnirClientesRequest,
  ZUpdateClienteRequest,
} from '#shared/schemas/cliente';
import { ZPageQuery, zPage } from '#shared/schemas/common';
import { forbidRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { NO_ELIMINAN } from './cliente.domain';
import { actualizarCliente, archivarCliente, crearCliente, eliminarCliente, listarClientes, unirClientes } from './cliente.service';
import { NO_UNEN } from './cliente.union';

/** Customers (spec §2 /gestionar_clientes). Role 3 may not delete (spec §6). */
export async function clienteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['clientes'];

  r.get('/clientes', {
    schema: { tags, querystring: ZPageQuery, response: { 200: zPage(ZCliente) } },
    handler: (req) => listarClientes({ db: app.db, tiendaId: storeOf(req), ...req.query }),
  });

  r.post('/clientes', {
    schema: { tags, body: ZCreateClienteRequest, response: { 201: ZClienteResponse } },
    handler: async (req, reply) => {
      const cliente = await crearCliente({ db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda'), input: req.body });
      return reply.status(201).send({ message: M.clientes.registrado, cliente });
    },
  });

  r.put('/clientes/:id', {
    schema: { tags, params: ZClienteParams, body: ZUpdateClienteRequest, response: { 200: ZClienteResponse } },
    handler: async (req) => {
      const cliente = await actualizarCliente({ db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda'), id: req.params.id, input: req.body });
      return { message: M.clientes.actualizado, cliente };
    },
  });

  r.delete('/clientes/:id', {
    // Before validation: role 3 is refused whatever it sends.
    preValidation: forbidRole(NO_ELIMINAN.roles, NO_ELIMINAN.message, NO_ELIMINAN.title),
    schema: { tags, params: ZClienteParams, response: { 200: ZClienteMessage } },
    handler: async (req) => {
      await eliminarCliente({ db: app.db, tiendaId: storeOf(req), id: req.params.id, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.clientes.eliminado };
    },
  });

  r.post('/clientes/:id/archivar', {
    // Who may delete may archive (issue #27): role 3 is refused whatever it sends.
    preValidation: forbidRole(NO_ELIMINAN.roles, NO_ELIMINAN.message, NO_ELIMINAN.title),
    schema: { tags, params: ZClienteParams, response: { 200: ZClienteResponse } },
    handler: async (req) => {
      const cliente = await archivarCliente({ db: app.db, tiendaId: storeOf(req), id: req.params.id, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.clientes.archivado, cliente };
    },
  });

  r.post('/clientes/:id/unir', {
    // Two customers of the empresa with one documento (issue #56, ADR 067): the owner or the store's administrator only.
    preValidation: forbidRole(NO_UNEN.roles, NO_UNEN.message, NO_UNEN.title),
    schema: { tags, params: ZClienteParams, body: ZUnirClientesRequest, response: { 200: ZClienteResponse } },
    handler: async (req) => {
      const cliente = await unirClientes({ db: app.db, tiendaId: storeOf(req), id: req.params.id, otroId: req.body.clienteId, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.clientes.unir.hecho(`${cliente.nombre} ${cliente.apellido}`.trim()), cliente };
    },
  });
}
