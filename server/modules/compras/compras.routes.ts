import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import {
  ZCreateOrdenRequest,
  ZIdParams,
  ZObjetivoRequest,
  ZOrden,
  ZOrdenMessage,
  ZOrdenResumen,
  ZOrdenesQuery,
  ZPorPedir,
  ZRecepcionRequest,
  ZRecepcionResponse,
  ZUpdateOrdenRequest,
  ZCostosQuery,
  ZCostoProducto,
} from '#shared/schemas/compras';
import { zPage } from '#shared/schemas/common';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import {
  actualizarOrden,
  cancelarOrden,
  crearOrden,
  enviarOrden,
  listarOrdenes,
  obtenerOrden,
  recibir,
  verificarPermisoCompras,
} from './compras.domain';
import { costosDe } from './costo.domain';
import { guardarObjetivo, porPedir } from './por-pedir.domain';
import { emitirNotaSoporte, soporteDeRecepcionDeTienda } from '../dian/emision-soporte';
import { pdfDeSoporte } from '../dian/soporte-pdf';
import { descargaComo } from '../../lib/exportar';
import { ZNotaSoporte, ZNotaSoporteRequest, ZSoporteRecepcion } from '#shared/schemas/documento-soporte';

/** Purchasing (issue #32): *por pedir*, purchase orders and receiving. Thin: the rules are compras.domain.ts's and por-pedir.domain.ts's. */
export async function comprasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['compras'];
  const autor = (req: Parameters<typeof sessionOf>[0]) => autorDe(sessionOf(req), 'tienda');
  const sinCambiosDeSesion = { keepsSessions: true };
  // Orders and receiving: the `stock` permission, checked before the request is read.
  const conPermiso = async (req: Parameters<typeof sessionOf>[0]) => verificarPermisoCompras(app.db, storeOf(req), autor(req), req.method !== 'GET');

  r.get('/compras/por-pedir', {
    schema: { tags, response: { 200: ZPorPedir } },
    handler: (req) => porPedir({ db: app.db, tiendaId: storeOf(req), autor: autor(req) }),
  });

  r.put('/compras/objetivo', {
    preValidation: requireRole([ROL.ADMIN], M.compras.soloAdministrador),
    config: sinCambiosDeSesion,
    schema: { tags, body: ZObjetivoRequest, response: { 200: z.object({ message: z.string() }) } },
    handler: async (req) => {
      await guardarObjetivo({ db: app.db, tiendaId: storeOf(req), pedidoObjetivo: req.body.pedidoObjetivo });
      return { message: M.compras.objetivoGuardado };
    },
  });

  r.get('/compras/ordenes', {
    preValidation: conPermiso,
    schema: { tags, querystring: ZOrdenesQuery, response: { 200: zPage(ZOrdenResumen) } },
    handler: (req) => listarOrdenes({ db: app.db, tiendaId: storeOf(req), autor: autor(req), ...req.query }),
  });

  r.get('/compras/ordenes/:id', {
    preValidation: conPermiso,
    schema: { tags, params: ZIdParams, response: { 200: ZOrden } },
    handler: (req) => obtenerOrden({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id }),
  });

  r.post('/compras/ordenes', {
    preValidation: conPermiso,
    config: sinCambiosDeSesion,
    schema: { tags, body: ZCreateOrdenRequest, response: { 201: ZOrdenMessage } },
    handler: async (req, reply) => {
      const orden = await crearOrden({ db: app.db, tiendaId: storeOf(req), autor: autor(req), input: req.body });
      return reply.status(201).send({ message: M.compras.ordenCreada, orden });
    },
  });

  r.put('/compras/ordenes/:id', {
    preValidation: conPermiso,
    config: sinCambiosDeSesion,
    schema: { tags, params: ZIdParams, body: ZUpdateOrdenRequest, response: { 200: ZOrdenMessage } },
    handler: async (req) => ({ message: M.compras.ordenGuardada, orden: await actualizarOrden({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id, input: req.body }) }),
  });

  r.post('/compras/ordenes/:id/enviar', {
    preValidation: conPermiso,
    config: sinCambiosDeSesion,
    schema: { tags, params: ZIdParams, response: { 200: ZOrdenMessage } },
    handler: async (req) => ({ message: M.compras.ordenEnviada, orden: await enviarOrden({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id }) }),
  });

  r.post('/compras/ordenes/:id/cancelar', {
    preValidation: conPermiso,
    config: sinCambiosDeSesion,
    schema: { tags, params: ZIdParams, response: { 200: ZOrdenMessage } },
    handler: async (req) => ({ message: M.compras.ordenCancelada, orden: await cancelarOrden({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id }) }),
  });

  r.post('/compras/recepciones', {
    preValidation: conPermiso,
    // Moves stock (and costs) only: the till's cached pages stay and read the stock again.
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, body: ZRecepcionRequest, response: { 201: ZRecepcionResponse } },
    handler: async (req, reply) => {
      // With an order or without: the reception and, from a supplier who does not invoice, its documento soporte (ADR 055).
      const { recepcion, soporte } = await recibir({ db: app.db, tiendaId: storeOf(req), autor: autor(req), input: req.body });
      return reply.status(201).send({ message: M.compras.recepcionRegistrada(recepcion.numero), recepcion, soporte });
    },
  });

  // Issue #57 point 3 (ADR 055): a reception's documento soporte, and its adjustment note (role 1).
  r.get('/compras/recepciones/:id/soporte', {
    preValidation: conPermiso,
    schema: { tags, params: ZIdParams, response: { 200: ZSoporteRecepcion.nullable() } },
    handler: (req) => soporteDeRecepcionDeTienda(app.db, storeOf(req), req.params.id),
  });

  // Its PDF (the DS's, or its note's with ?numero=NS1) once DIAN accepts it (ADR 058).
  r.get('/compras/recepciones/:id/soporte/pdf', {
    preValidation: conPermiso,
    schema: { tags, params: ZIdParams, querystring: z.object({ numero: z.string().trim().min(1).max(20).optional() }) },
    handler: async (req, reply) => {
      const f = await pdfDeSoporte({ db: app.db, tiendaId: storeOf(req), recepcionId: req.params.id, numero: req.query.numero });
      return reply.header('content-type', 'application/pdf').header('content-disposition', descargaComo(f.archivo)).header('cache-control', 'no-store').send(f.contenido);
    },
  });

  r.post('/compras/recepciones/:id/nota-soporte', {
    preValidation: requireRole([ROL.ADMIN], M.documentoSoporte.soloAdministrador),
    config: sinCambiosDeSesion,
    schema: { tags, params: ZIdParams, body: ZNotaSoporteRequest, response: { 201: ZNotaSoporte } },
    handler: async (req, reply) => {
      const nota = await emitirNotaSoporte({ db: app.db, tiendaId: storeOf(req), recepcionId: req.params.id, datos: req.body, autor: autor(req) });
      return reply.status(201).send({ message: M.documentoSoporte.notaEmitida(nota.numero), nota });
    },
  });

  // Issue #32 point 6: costs and margins, for those who may see costs (`reportes`).
  r.get('/compras/costos', {
    schema: { tags, querystring: ZCostosQuery, response: { 200: z.array(ZCostoProducto) } },
    handler: (req) => costosDe({ db: app.db, tiendaId: storeOf(req), autor: autor(req), ids: req.query.ids }),
  });
}
