import type { TAdquirente } from '#shared/schemas/factura-electronica';
import type { TVentaFacturaRequest } from '#shared/schemas/venta-factura';
import type { TRecibo } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

/** The checkout asked as factura electrónica de venta (issue #57): the sale and its buyer. */
export const registrarVentaFactura = (body: TVentaFacturaRequest) => api<TRecibo>('/ventas/factura-electronica', { method: 'POST', body });

/** A customer's remembered fiscal data (null: never asked). */
export const datosFiscalesDe = (documento: string) => api<{ datosFiscales: TAdquirente | null }>(`/ventas/clientes/${encodeURIComponent(documento)}/datos-fiscales`);
