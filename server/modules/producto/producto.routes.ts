import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZPageQuery, zPage } from '#shared/schemas/common';
import {
  ZCreateProductoRequest,
  ZCreateProductoResponse,
  ZProductoDetalle,
  ZProductoListItem,
  ZProductoMessage,
  ZProductoParams,
  ZUpdateProductoRequest,
  ZUpdateProductoResponse,
} from '#shared/schemas/producto';
import { forbidRole, sessionOf, storeOf } from '../../plugins/auth';
import { ZHistorialPrecios } from '#shared/schemas/permisos';
import { autorDe } from '../actividad/actividad.domain';
import { ZPresentacionParams, ZPresentacionRequest, ZPresentacionRespuesta, ZPresentaciones } from '#shared/schemas/presentacion';
import { actualizarPresentacion, crearPresentacion, eliminarPresentacion, listarPresentaciones } from './presentacion.domain';
import { actualizarProducto, crearProducto, eliminarProducto, historialDePrecios, listarProductos, obtenerProducto } from './producto.service';

/** Product management (spec §2 /gestionar_productos and /detalle_producto). */
export async function productoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['productos'];

  r.get('/productos', {
    schema: { tags, querystring: ZPageQuery, response: { 200: zPage(ZProductoListItem) } },
    handler: (req) => listarProductos({ db: app.db, tiendaId: storeOf(req), lector: sessionOf(req), ...req.query }),
  });

  r.get('/productos/:id', {
    schema: { tags, params: ZProductoParams, response: { 200: ZProductoDetalle } },
    handler: (req) => obtenerProducto({ db: app.db, tiendaId: storeOf(req), id: req.params.id, lector: sessionOf(req) }),
  });

  // Issue #27 point 2: every price the product had, who set it, when and through which face.
  r.get('/productos/:id/historial-precios', {
    schema: { tags, params: ZProductoParams, response: { 200: ZHistorialPrecios } },
    handler: (req) => historialDePrecios({ db: app.db, tiendaId: storeOf(req), id: req.params.id }),
  });

  r.post('/productos', {
    schema: { tags, body: ZCreateProductoRequest, response: { 201: ZCreateProductoResponse } },
    handler: async (req, reply) => {
      const producto = await crearProducto({ db: app.db, tiendaId: storeOf(req), input: req.body, autor: autorDe(sessionOf(req), 'tienda') });
      return reply.status(201).send({ message: M.productos.registrado, producto });
    },
  });

  r.put('/productos/:id', {
    schema: { tags, params: ZProductoParams, body: ZUpdateProductoRequest, response: { 200: ZUpdateProductoResponse } },
    handler: async (req) => {
      const producto = await actualizarProducto({ db: app.db, tiendaId: storeOf(req), id: req.params.id, input: req.body, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.productos.actualizado, producto };
    },
  });

  r.delete('/productos/:id', {
    // Before validation: role 3 is refused whatever it sends.
    preValidation: forbidRole([ROL.ENCARGADO], M.roles.denyProductos),
    schema: { tags, params: ZProductoParams, response: { 200: ZProductoMessage } },
    handler: async (req) => {
      await eliminarProducto({ db: app.db, tiendaId: storeOf(req), id: req.params.id, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.productos.eliminado };
    },
  });

  // Sale units (issue #33 point 5, ADR 033): "Paca x12" with its barcode and price. The rules: presentacion.domain.ts.
  r.get('/productos/:id/presentaciones', {
    schema: { tags, params: ZProductoParams, response: { 200: ZPresentaciones } },
    handler: async (req) => ({ items: await listarPresentaciones({ db: app.db, tiendaId: storeOf(req), productoId: req.params.id }) }),
  });

  r.post('/productos/:id/presentaciones', {
    schema: { tags, params: ZProductoParams, body: ZPresentacionRequest, response: { 201: ZPresentacionRespuesta } },
    handler: async (req, reply) => {
      const presentacion = await crearPresentacion({ db: app.db, tiendaId: storeOf(req), productoId: req.params.id, datos: req.body, autor: autorDe(sessionOf(req), 'tienda') });
      return reply.status(201).send({ message: M.productos.presentaciones.agregada, presentacion });
    },
  });

  r.put('/productos/:id/presentaciones/:presentacionId', {
    schema: { tags, params: ZPresentacionParams, body: ZPresentacionRequest, response: { 200: ZPresentacionRespuesta } },
    handler: async (req) => {
      const presentacion = await actualizarPresentacion({
        db: app.db,
        tiendaId: storeOf(req),
        productoId: req.params.id,
        id: req.params.presentacionId,
        datos: req.body,
        autor: autorDe(sessionOf(req), 'tienda'),
      });
      return { message: M.productos.presentaciones.actualizada, presentacion };
    },
  });

  r.delete('/productos/:id/presentaciones/:presentacionId', {
    schema: { tags, params: ZPresentacionParams, response: { 200: ZProductoMessage } },
    handler: async (req) => {
      await eliminarPresentacion({ db: app.db, tiendaId: storeOf(req), productoId: req.params.id, id: req.params.presentacionId, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.productos.presentaciones.eliminada };
    },
  });
}
