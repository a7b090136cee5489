import { z } from 'zod';
import { M } from '../../messages';
import { zCampo, zCorreo, zIdTecleado, zIdTienda, zTelefono } from './common';

/** Register supplier (spec §5): a typed id must be above 1; nombre, telefono, email, id_tienda required. */
export const ZCreateProveedorRequest = z.object({
  idProveedor: zIdTecleado(M.crud.idProveedor),
  nombre: zCampo('Nombre', 120),
  telefono: zTelefono('Teléfono'),
  email: zCorreo('Email'),
  idTienda: zIdTienda,
});
export type TCreateProveedorRequest = z.input<typeof ZCreateProveedorRequest>;

export const ZUpdateProveedorRequest = ZCreateProveedorRequest.omit({ idProveedor: true, idTienda: true });
export type TUpdateProveedorRequest = z.input<typeof ZUpdateProveedorRequest>;

export const ZProveedorRow = z.object({
  idProveedor: z.number().int(),
  nombre: z.string(),
  telefono: z.string(),
  email: z.string(),
  idTienda: z.number().int(),
});
export type TProveedorRow = z.infer<typeof ZProveedorRow>;
