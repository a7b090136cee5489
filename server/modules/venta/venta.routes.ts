import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TPage } from '#shared/schemas/common';
import {
  ZCodigoParam,
  ZCreateVentaRequest,
  ZDocumentoParam,
  ZEstadoVentaResponse,
  ZIdParam,
  ZMetodoPago,
  ZProductosRapidos,
  ZProductosRapidosQuery,
  ZProductosVentaPage,
  ZOrdenRejilla,
  ZProductosVentaQuery,
  ZProductoPorCodigo,
  ZRecibo,
  ZSupervisor,
  ZVentaSinRedRequest,
  type TProductoVenta,
} from '#shared/schemas/venta';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import {
  anularVenta,
  buscarCliente,
  completarVenta,
  listarMetodosPago,
  listarProductosVenta,
  obtenerRecibo,
  productoPorCodigo,
  productosRapidos,
  refrescarStock,
  registrarVenta,
} from './venta.service';
import { supervisoresConPin } from '../tienda/autorizacion';
import { fijarOrden } from './rejilla';
import { datosFiscalesDeCliente, facturarVentaHecha, registrarVentaFactura } from './venta.factura';
import { ZDatosFiscalesCliente } from '#shared/schemas/factura-electronica';
import { ZClienteVentaConLista } from '#shared/schemas/listas-precios';
import { listaParaCaja } from '../lista-precio/lista-precio.domain';
import { ZVentaFacturaRequest } from '#shared/schemas/venta-factura';

/** The point of sale (spec §2 /ventas, /generar_pago, /factura; DESIGN.md §5). Every role may sell. */
export async function ventaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ventas'];

  r.get('/ventas/productos', {
    // Kept until the store's catalogue changes; a sale in between only moves stock, read again on a hit.
    config: {
      readCache: {
        refresh: async (req, cached) =>
          JSON.stringify(await refrescarStock({ db: app.db, tiendaId: storeOf(req), page: JSON.parse(cached) as TPage<TProductoVenta> })),
      },
    },
    schema: { tags, querystring: ZProductosVentaQuery, response: { 200: ZProductosVentaPage } },
    handler: (req) => listarProductosVenta({ db: app.db, tiendaId: storeOf(req), query: req.query }),
  });

  r.get('/ventas/productos/rapidos', {
    // Best sellers move with every sale: cached until the store writes anything.
    config: { readCache: true },
    schema: { tags, querystring: ZProductosRapidosQuery, response: { 200: ZProductosRapidos } },
    handler: (req) => productosRapidos({ db: app.db, tiendaId: storeOf(req), categoria: req.query.categoria || undefined }),
  });

  // The grid's order, fixed by the store's role 1 (issue #36 point 11).
  r.put('/ventas/productos/rapidos/orden', {
    preValidation: requireRole([ROL.ADMIN], M.ventas.soloAdministradorOrden),
    schema: { tags, body: ZOrdenRejilla, response: { 200: ZOrdenRejilla } },
    handler: (req) => fijarOrden({ db: app.db, tiendaId: storeOf(req), orden: req.body }),
  });

  r.get('/ventas/productos/codigo/:codigo', {
    schema: { tags, params: ZCodigoParam, response: { 200: ZProductoPorCodigo } },
    handler: (req) => productoPorCodigo({ db: app.db, tiendaId: storeOf(req), codigo: req.params.codigo }),
  });

  r.get('/metodos-pago', {
    schema: { tags, response: { 200: z.array(ZMetodoPago) } },
    handler: () => listarMetodosPago({ db: app.db }),
  });

  r.get('/ventas/clientes/:documento', {
    schema: { tags, params: ZDocumentoParam, response: { 200: ZClienteVentaConLista } },
    // With the customer's price list (issue #59 point 1, ADR 047), for the till to show what the checkout will charge.
    handler: async (req) => {
      const c = await buscarCliente({ db: app.db, tiendaId: storeOf(req), documento: req.params.documento });
      return { ...c, lista: await listaParaCaja(app.db, storeOf(req), c.id) };
    },
  });

  r.post('/ventas', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, body: ZCreateVentaRequest, response: { 201: ZRecibo } },
    handler: async (req, reply) => {
      const { usuarioId, rol } = sessionOf(req);
      const tiendaId = storeOf(req);
      const recibo = await registrarVenta({ db: app.db, tiendaId, usuarioId, rol, input: req.body });
      return reply.status(201).send(recibo);
    },
  });

  // The sync of an offline device's outbox (issue #34, ADR 029): the only path an offline sale takes
  // (POST /api/ventas refuses `sinRed`); the checkout checks the device and its rules (sin-red.domain).
  r.post('/sin-red/ventas', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags: ['sin-red'], body: ZVentaSinRedRequest, response: { 201: ZRecibo } },
    handler: async (req, reply) => {
      const { usuarioId, rol } = sessionOf(req);
      return reply.status(201).send(await registrarVenta({ db: app.db, tiendaId: storeOf(req), usuarioId, rol, input: req.body }));
    },
  });

  // A sale invoiced to a buyer who asks for a factura (issue #57, ADR 044): factura electrónica de venta instead of the POS document.
  r.post('/ventas/factura-electronica', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, body: ZVentaFacturaRequest, response: { 201: ZRecibo } },
    handler: async (req, reply) => {
      const { usuarioId, rol } = sessionOf(req);
      const recibo = await registrarVentaFactura({ db: app.db, tiendaId: storeOf(req), usuarioId, rol, input: req.body.venta, adquirente: req.body.adquirente, recordar: req.body.recordar });
      return reply.status(201).send(recibo);
    },
  });

  r.get('/ventas/clientes/:documento/datos-fiscales', {
    schema: { tags, params: ZDocumentoParam, response: { 200: ZDatosFiscalesCliente } },
    handler: (req) => datosFiscalesDeCliente(app.db, storeOf(req), req.params.documento),
  });

  // After the fact (ADR 044): refused and explained, the sale's document is never swapped.
  r.post('/ventas/:id/factura-electronica', {
    schema: { tags, params: ZIdParam },
    handler: (req) => facturarVentaHecha(app.db, storeOf(req), req.params.id, sessionOf(req)),
  });

  // The till's PIN dialog: who may authorise a cashier's discount (the store's roles 1 and 3 with a PIN).
  r.get('/ventas/supervisores', {
    schema: { tags, response: { 200: z.array(ZSupervisor) } },
    handler: (req) => supervisoresConPin({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.get('/ventas/:id', {
    schema: { tags, params: ZIdParam, response: { 200: ZRecibo } },
    handler: (req) => obtenerRecibo({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id, lector: sessionOf(req) }),
  });

  r.post('/ventas/:id/completar', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, params: ZIdParam, response: { 200: ZEstadoVentaResponse } },
    handler: (req) => completarVenta({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id, actor: sessionOf(req) }),
  });

  r.post('/ventas/:id/anular', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, params: ZIdParam, response: { 200: ZEstadoVentaResponse } },
    handler: (req) => anularVenta({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id, actor: sessionOf(req) }),
  });
}
