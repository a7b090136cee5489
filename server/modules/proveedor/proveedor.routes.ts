import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ZPageQuery, zPage } from '#shared/schemas/common';
import {
  ZCreateProveedorRequest,
  ZCreateProveedorResponse,
  ZProductoDeProveedor,
  ZProveedor,
  ZProveedorMessage,
  ZProveedorOpcion,
  ZProveedorParams,
  ZUnirProveedoresRequest,
  ZUnirProveedoresResponse,
} from '#shared/schemas/proveedor';
import { forbidRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { NO_AGREGAN_NI_ELIMINAN } from './proveedor.domain';
import { NO_UNEN } from './proveedor.union';
import {
  crearProveedor,
  eliminarProveedor,
  archivarProveedor,
  listarProveedores,
  opcionesProveedores,
  productosDeProveedor,
  unirProveedores,
} from './proveedor.service';

/** Suppliers (spec §2 /gestionar_proveedores). Role 3 may neither add nor delete (spec §6). */
export async function proveedorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['proveedores'];
  const denyEncargado = forbidRole(NO_AGREGAN_NI_ELIMINAN.roles, NO_AGREGAN_NI_ELIMINAN.message, NO_AGREGAN_NI_ELIMINAN.title);

  r.get('/proveedores', {
    schema: { tags, querystring: ZPageQuery, response: { 200: zPage(ZProveedor) } },
    handler: (req) => listarProveedores({ db: app.db, tiendaId: storeOf(req), ...req.query }),
  });

  r.get('/proveedores/opciones', {
    schema: { tags, response: { 200: z.array(ZProveedorOpcion) } },
    handler: (req) => opcionesProveedores({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.get('/proveedores/:id/productos', {
    schema: { tags, params: ZProveedorParams, querystring: ZPageQuery, response: { 200: zPage(ZProductoDeProveedor) } },
    handler: (req) => productosDeProveedor({ db: app.db, tiendaId: storeOf(req), id: req.params.id, ...req.query }),
  });

  r.post('/proveedores', {
    preValidation: denyEncargado,
    schema: { tags, body: ZCreateProveedorRequest, response: { 201: ZCreateProveedorResponse } },
    handler: async (req, reply) => {
      const proveedor = await crearProveedor({ db: app.db, tiendaId: storeOf(req), input: req.body });
      return reply.status(201).send({ message: M.proveedores.registrado, proveedor });
    },
  });

  r.delete('/proveedores/:id', {
    preValidation: denyEncargado,
    schema: { tags, params: ZProveedorParams, response: { 200: ZProveedorMessage } },
    handler: async (req) => {
      await eliminarProveedor({ db: app.db, tiendaId: storeOf(req), id: req.params.id, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.proveedores.eliminado };
    },
  });

  r.post('/proveedores/:id/archivar', {
    // Who may delete may archive (issue #27).
    preValidation: denyEncargado,
    schema: { tags, params: ZProveedorParams, response: { 200: ZProveedorMessage } },
    handler: async (req) => {
      await archivarProveedor({ db: app.db, tiendaId: storeOf(req), id: req.params.id, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.proveedores.archivado };
    },
  });

  r.post('/proveedores/:id/unir', {
    // Two suppliers of the empresa with one NIT or cédula (issue #56, ADR 072): the owner or the store's administrator only.
    preValidation: forbidRole(NO_UNEN.roles, NO_UNEN.message, NO_UNEN.title),
    schema: { tags, params: ZProveedorParams, body: ZUnirProveedoresRequest, response: { 200: ZUnirProveedoresResponse } },
    handler: async (req) => {
      const proveedor = await unirProveedores({ db: app.db, tiendaId: storeOf(req), id: req.params.id, otroId: req.body.proveedorId, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.proveedores.unir.hecho(proveedor.nombre), proveedor };
    },
  });
}
