import { useQuery } from '@tanstack/react-query';
import type { TFacturaDetalle } from '#shared/schemas/factura';
import { api } from '../../../lib/api-client';

export const getFactura = (idVenta: number) => api<TFacturaDetalle>(`/facturas/${idVenta}`);

export const facturaKey = (idVenta: number) => ['facturas', 'detalle', idVenta] as const;

export const useFactura = (idVenta: number | null) =>
  useQuery({ queryKey: facturaKey(idVenta ?? 0), queryFn: () => getFactura(idVenta!), enabled: idVenta != null });
