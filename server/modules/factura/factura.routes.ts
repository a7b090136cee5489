import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZFacturaDetalle, ZFacturaParams, ZFacturasPage, ZFacturasQuery } from '#shared/schemas/factura';
import { storeOf } from '../../plugins/auth';
import { detalleFactura, listarFacturas } from './factura.service';

/** The invoice list and one invoice (spec §2 /gestionar_ventas and /detalle_factura). */
export async function facturaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/facturas', {
    config: { readCache: true },
    schema: { tags: ['facturas'], querystring: ZFacturasQuery, response: { 200: ZFacturasPage } },
    handler: (req) => listarFacturas({ db: app.db, tiendaId: storeOf(req), query: req.query }),
  });

  r.get('/facturas/:idVenta', {
    schema: { tags: ['facturas'], params: ZFacturaParams, response: { 200: ZFacturaDetalle } },
    handler: (req) => detalleFactura({ db: app.db, tiendaId: storeOf(req), idVenta: req.params.idVenta }),
  });
}
