import { queryOptions } from '@tanstack/react-query';
import type { TFacturasPage, TFacturasQuery } from '#shared/schemas/factura';
import { api } from '../../../lib/api-client';

export const getFacturas = (query: TFacturasQuery) => api<TFacturasPage>('/facturas', { query });

export const facturasKey = (query: TFacturasQuery) => ['facturas', query] as const;

export const facturasQuery = (query: TFacturasQuery) => queryOptions({ queryKey: facturasKey(query), queryFn: () => getFacturas(query) });
