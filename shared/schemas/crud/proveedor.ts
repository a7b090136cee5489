import { z } from 'zod';
import { registro } from '../../messages/auth';
import { crud } from '../../messages/crud';
import { soloDeCara } from '../../campos';
import { CAMPOS_DEL_PROVEEDOR, proveedorConMensajes, ZProveedorLeido } from '../proveedor';
import { zIdTecleado, zIdTienda } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud, registro };

/** The supplier's base (shared/schemas/proveedor.ts) with the back-office's words: each field by its form's label. */
const ZProveedorBackOffice = soloDeCara(
  proveedorConMensajes({ vacio: (c) => M.crud.campo(M.crud.proveedor.campos[c]), telefono: M.registro.telefono }),
  CAMPOS_DEL_PROVEEDOR,
  'administracion',
);

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

/** A supplier row of the back-office: the read base as it is. */
export const ZProveedorRow = ZProveedorLeido;
export type TProveedorRow = z.infer<typeof ZProveedorRow>;
