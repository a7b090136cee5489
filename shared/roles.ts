import { tiposDocumento } from './messages/comun';
/** Numeric roles of the product (spec §6, DESIGN.md §4). */
export const ROL = { ADMIN: 1, EMPLEADO: 2, ENCARGADO: 3 } as const;
export type RolId = (typeof ROL)[keyof typeof ROL] | number;

export const ROLES_SEED = [
  { id: ROL.ADMIN, nombre: 'Administrador', descripcion: 'Administra la tienda y su área de administración.' },
  { id: ROL.EMPLEADO, nombre: 'Empleado', descripcion: 'Vende y consulta productos, proveedores y clientes.' },
  { id: ROL.ENCARGADO, nombre: 'Encargado', descripcion: 'Ve el código de invitación; no elimina productos ni clientes, no gestiona proveedores ni ve movimientos.' },
] as const;

/** Who may see the store's invitation code. */
export const canSeeInvitationCode = (rol: number) => rol === ROL.ADMIN || rol === ROL.ENCARGADO;

export const TIPOS_DOC = [
  { value: 'CC', label: tiposDocumento.CC },
  { value: 'TI', label: tiposDocumento.TI },
  { value: 'CE', label: tiposDocumento.CE },
  { value: 'RC', label: tiposDocumento.RC },
] as const;
export type TipoDoc = (typeof TIPOS_DOC)[number]['value'];

/** A customer's documents (issue #36 point 12): a person's, and a foreigner's passport. */
export const TIPOS_DOC_CLIENTE = [...TIPOS_DOC, { value: 'PA', label: tiposDocumento.PA }] as const;
/** Colombian documents are numbers only; a cédula de extranjería and a passport may carry letters. */
export const DOC_SOLO_NUMEROS: readonly string[] = ['CC', 'TI', 'RC'];
/** An adult's documents: the only ones fiado is given to (a TI or RC is a minor's, issue #36 point 10). */
export const DOC_MAYOR_DE_EDAD: readonly string[] = ['CC', 'CE', 'PA'];

export const METODOS_PAGO_SEED = [
  { id: 1, nombre: 'Tarjeta de crédito' },
  { id: 2, nombre: 'Tarjeta de débito' },
  { id: 3, nombre: 'Nequi' },
  { id: 4, nombre: 'Daviplata' },
  { id: 5, nombre: 'Efectivo' },
  { id: 6, nombre: 'Bre-B' },
  { id: 7, nombre: 'Fiado' },
  { id: 8, nombre: 'Puntos' },
] as const;

/**
 * The payment methods the code means by id. 1–5 are the spec's (the old client's), 6 Bre-B (issue
 * #18), 7 Fiado: a sale wholly on the customer's credit (issue #17), only from the till; 8 Puntos: a sale
 * wholly paid with the customer's loyalty points (ADR 054), only from the till and online.
 */
export const METODO = { EFECTIVO: 5, BRE_B: 6, FIADO: 7, PUNTOS: 8 } as const;
