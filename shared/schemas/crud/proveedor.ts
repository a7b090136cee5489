import { z } from 'zod';
import { registro } from '../../messages/auth';
import { crud } from '../../messages/crud';
import { proveedorConMensajes, type CampoProveedor } from '../proveedor';
import { zIdTecleado, zIdTienda } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud, registro };

const ETIQUETA: Record<CampoProveedor, string> = { nombre: 'Nombre', telefono: 'Teléfono', email: 'Email' };

/** The supplier's base (shared/schemas/proveedor.ts) with the back-office's words. */
const ZProveedorBackOffice = proveedorConMensajes({ vacio: (c) => M.crud.campo(ETIQUETA[c]), telefono: M.registro.telefono });

/**
 * Back-office supplier register (/crud/registrar_proveedor, spec §5): a typed id must be above 1;
 * nombre, telefono, email and id_tienda required. The fields and their normalisation are the store's.
 */
export const ZCrudCreateProveedorRequest = z.object({
  idProveedor: zIdTecleado(M.crud.idProveedor),
  ...ZProveedorBackOffice.shape,
  idTienda: zIdTienda,
});
export type TCrudCreateProveedorRequest = z.input<typeof ZCrudCreateProveedorRequest>;
export type TCrudCreateProveedorData = z.output<typeof ZCrudCreateProveedorRequest>;

/** Back-office supplier edit (/crud/actualizar/actualizarProveedor): its id and store never change. */
export const ZCrudUpdateProveedorRequest = ZCrudCreateProveedorRequest.omit({ idProveedor: true, idTienda: true });
export type TCrudUpdateProveedorRequest = z.input<typeof ZCrudUpdateProveedorRequest>;
export type TCrudUpdateProveedorData = z.output<typeof ZCrudUpdateProveedorRequest>;

/** Legacy API `registroCrud` and `actualizar` (controlador.proveedor.php, back-office) under the old keys. */
export const ZLegacyRegistroCrudProveedorRequest = ZCrudCreateProveedorRequest;
export const ZLegacyActualizarProveedorRequest = ZCrudUpdateProveedorRequest;

export const ZProveedorRow = z.object({
  idProveedor: z.number().int(),
  nombre: z.string(),
  telefono: z.string(),
  email: z.string(),
  idTienda: z.number().int(),
});
export type TProveedorRow = z.infer<typeof ZProveedorRow>;
