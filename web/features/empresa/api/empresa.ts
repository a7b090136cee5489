import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { empresa } from '#shared/messages/empresa';
import type { TCierreEmpresa, TEmpleadosEmpresa, TImpuestosEmpresa, TProductosEmpresa, TResumenEmpresa, TResumenEmpresaQuery } from '#shared/schemas/empresa';
import { api } from '../../../lib/api-client';
import { descargarArchivo } from '../../../lib/descargar';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { empresa };

/** Every store of the owner's empresa over a period, side by side and in total (issue #56 point 4). */
export const resumenEmpresaQuery = (query: TResumenEmpresaQuery) =>
  queryOptions({ queryKey: ['empresa', 'resumen', query] as const, queryFn: () => api<TResumenEmpresa>('/empresa/resumen', { query }), placeholderData: keepPreviousData });

/** Every store's daily close of one day, and their total. */
export const cierreEmpresaQuery = (fecha: string) =>
  queryOptions({ queryKey: ['empresa', 'cierre', fecha] as const, queryFn: () => api<TCierreEmpresa>('/empresa/cierre', { query: fecha ? { fecha } : {} }), placeholderData: keepPreviousData });

export const descargarResumen = (query: TResumenEmpresaQuery, formato: 'csv' | 'xlsx') =>
  descargarArchivo('/empresa/resumen/exportar', { ...query, formato }, { fallo: M.empresa.errorCarga, nombre: `tiendas.${formato}` });

export const descargarCierre = (fecha: string, formato: 'csv' | 'xlsx') =>
  descargarArchivo('/empresa/cierre/exportar', { ...(fecha ? { fecha } : {}), formato }, { fallo: M.empresa.errorCarga, nombre: `cierre-tiendas.${formato}` });

/** The consolidated reports per product, per person and per tax rate (issue #56 points 4 and 5). */
export type TInformeEmpresa = 'productos' | 'empleados' | 'impuestos';
export const productosEmpresaQuery = (query: TResumenEmpresaQuery) =>
  queryOptions({ queryKey: ['empresa', 'productos', query] as const, queryFn: () => api<TProductosEmpresa>('/empresa/productos', { query }), placeholderData: keepPreviousData });
export const empleadosEmpresaQuery = (query: TResumenEmpresaQuery) =>
  queryOptions({ queryKey: ['empresa', 'empleados', query] as const, queryFn: () => api<TEmpleadosEmpresa>('/empresa/empleados', { query }), placeholderData: keepPreviousData });
export const impuestosEmpresaQuery = (query: TResumenEmpresaQuery) =>
  queryOptions({ queryKey: ['empresa', 'impuestos', query] as const, queryFn: () => api<TImpuestosEmpresa>('/empresa/impuestos', { query }), placeholderData: keepPreviousData });

export const descargarInforme = (informe: TInformeEmpresa, query: TResumenEmpresaQuery, formato: 'csv' | 'xlsx') =>
  descargarArchivo(`/empresa/${informe}/exportar`, { ...query, formato }, { fallo: M.empresa.errorCarga, nombre: `tiendas-${informe}.${formato}` });
