/**
 * Every user-facing Spanish text of the product, in one place.
 * Texts quoted by the specification are copied word for word (including its spelling).
 */
import { comun, generic, sesion, tiposDocumento } from './messages/comun';
import { login, registro, recuperacion } from './messages/auth';
import { ajustesTienda, codigoInvitacion } from './messages/tienda';
import { roles } from './messages/roles';
import { legacy } from './messages/legacy';
import { analisis } from './messages/analisis';
import { caja } from './messages/caja';
import { cajaTurno } from './messages/caja-turno';
import { fiado } from './messages/fiado';
import { invitacion } from './messages/invitacion';
import { clientes } from './messages/clientes';
import { crud } from './messages/crud';
import { facturas } from './messages/facturas';
import { inicio } from './messages/inicio';
import { impresion } from './messages/impresion';
import { arranque } from './messages/arranque';
import { operacion } from './messages/operacion';
import { landing } from './messages/landing';
import { movimientos } from './messages/movimientos';
import { productos } from './messages/productos';
import { proveedores } from './messages/proveedores';
import { ventas } from './messages/ventas';
import { ventasCaja } from './messages/ventas-caja';
import { ventasDialogos } from './messages/ventas-dialogos';
import { ventasCobro } from './messages/ventas-cobro';
import { actividad } from './messages/actividad';
import { permisos } from './messages/permisos';
import { impuestos } from './messages/impuestos';
import { numeracion } from './messages/numeracion';
import { dian } from './messages/dian';
import { redLocal } from './messages/red-local';
import { reportes } from './messages/reportes';
import { compras } from './messages/compras';
import { importacion } from './messages/importacion';
import { exportacion } from './messages/exportacion';
import { devoluciones } from './messages/devoluciones';
import { sinRed } from './messages/sin-red';
import { sinRedInstalar } from './messages/sin-red-instalar';
import { conteos } from './messages/conteos';
import { lotes } from './messages/lotes';
import { lotesCaja } from './messages/lotes-caja';
import { precios } from './messages/precios';
import { promociones } from './messages/promociones';
import { promocionesCaja } from './messages/promociones-caja';
import { facturaElectronica } from './messages/factura-electronica';
import { documentoSoporte } from './messages/documento-soporte';
import { representacion } from './messages/representacion';
import { sucursales } from './messages/sucursales';
import { empresa } from './messages/empresa';
import { traslados } from './messages/traslados';
import { puntos } from './messages/puntos';
import { catalogoEmpresa } from './messages/catalogo-empresa';

export { PRODUCT_NAME } from './product';

export const M = {
  generic,
  comun,
  login,
  registro,
  recuperacion,
  sesion,
  ajustesTienda,
  codigoInvitacion,
  roles,
  // One file per area under shared/messages/.
  ventas,
  // Also inside ventas (and caja, lotes, promociones): the till's own texts, their own modules so its first paint carries only these (issue #55 point 4).
  ventasCaja,
  ventasDialogos,
  ventasCobro,
  caja,
  cajaTurno,
  fiado,
  productos,
  proveedores,
  clientes,
  analisis,
  movimientos,
  facturas,
  inicio,
  impresion,
  arranque,
  operacion,
  tiposDocumento,
  landing,
  crud,
  invitacion,
  legacy,
  actividad,
  redLocal,
  importacion,
  exportacion,
  permisos,
  impuestos,
  numeracion,
  dian,
  reportes,
  compras,
  devoluciones,
  sinRed,
  // Also inside sinRed; its own module so the till's first paint carries only this note (issue #55 point 4).
  sinRedInstalar,
  conteos,
  lotes,
  lotesCaja,
  precios,
  promociones,
  promocionesCaja,
  facturaElectronica,
  documentoSoporte,
  representacion,
  sucursales,
  empresa,
  traslados,
  puntos,
  catalogoEmpresa,
} as const;
