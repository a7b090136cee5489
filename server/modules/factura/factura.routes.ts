import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZFacturaDetalle, ZFacturaParams, ZFacturasPage, ZFacturasQuery } from '#shared/schemas/factura';
import { sessionOf, storeOf } from '../../plugins/auth';
import { detalleFactura, listarFacturas } from './factura.service';

/** The invoice list and one invoice (spec §2 /gestionar_ventas and /detalle_factura). */
export async function facturaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/facturas', {
    // Per account: an employee without `ventasDeOtros` sees only their own sales (issue #51 point 8).
    config: { readCache: { porUsuario: true } },
    schema: { tags: ['facturas'], querystring: ZFacturasQuery, response: { 200: ZFacturasPage } },
    handler: (req) => listarFacturas({ db: app.db, tiendaId: storeOf(req), lector: sessionOf(req), query: req.query }),
  });

  r.get('/facturas/:idVenta', {
    schema: { tags: ['facturas'], params: ZFacturaParams, response: { 200: ZFacturaDetalle } },
    handler: (req) => detalleFactura({ db: app.db, tiendaId: storeOf(req), lector: sessionOf(req), idVenta: req.params.idVenta }),
  });
}
