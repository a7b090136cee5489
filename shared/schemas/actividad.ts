import { z } from 'zod';
import { actividad } from '../messages/actividad';
import { generic } from '../messages/comun';
import { ZPageQuery, zPage } from './common';
import { rangoLimitado, rangoValido, zFechaFiltro } from './movimiento';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { actividad, generic };

/** Through which face something was done (issue #27): the store's screens, the back-office, the old controller API. */
export const CARAS = ['tienda', 'crud', 'legacy'] as const;
export type TCara = (typeof CARAS)[number];

/** What an entry of the activity log records (issue #27 point 6). A new kind is one entry here and its texts in messages/actividad.ts. */
export const TIPOS_ACTIVIDAD = [
  'sesion',
  'precio',
  'costo',
  'stock',
  'alta',
  'eliminacion',
  'archivo',
  'anulacion',
  'completada',
  'descuento',
  'caja_movimiento',
  'cierre_turno',
  'credito',
  'permisos',
  'rechazo',
  'orden_compra',
  'recepcion',
  'importacion',
  'devolucion',
  'sin_stock',
  'venta_editada',
  'perfil_fiscal',
  'impuesto',
  'documento_electronico',
  'administracion',
  'sin_red',
  'lista_precio',
  'promocion',
  'traslado',
  'lote_vencido',
  'formula_medica',
  'puntos',
  'proveedor',
  'union_clientes',
  'union_proveedores',
] as const;
export type TTipoActividad = (typeof TIPOS_ACTIVIDAD)[number];

/** A merge of two rows of the empresa with one documento (server/modules/union/union.ts): who went into whom, and this store's figures before → after. */
export interface TDetalleUnion {
  sobrevivienteId: number;
  sobreviviente: string;
  unidoId: number;
  unido: string;
  cambios: { campo: string; antes: string | null; despues: string | null }[];
}

/** The kinds of row a deletion, archiving or creation names. */
export type TEntidadActividad = 'producto' | 'cliente' | 'proveedor' | 'venta' | 'factura' | 'movimiento' | 'entrega' | 'usuario' | 'inventario' | 'credito';

/** The facts each kind of entry keeps (its `detalle`). Amounts are integer pesos. */
export interface TDetallesActividad {
  sesion: Record<string, never>;
  /**
   * A price: the product's, or a pack's (`producto` names it, with its factor before and after; a new
   * pack's `anterior` is null), or the unit it is per changed (issue #51 point 4).
   */
  precio: {
    productoId: number;
    producto: string;
    anterior: number | null;
    nuevo: number;
    factorAnterior?: number | null;
    factorNuevo?: number;
    unidadAnterior?: string;
    unidadNueva?: string;
  };
  costo: { productoId: number; producto: string; anterior: number | null; nuevo: number | null };
  stock: { productoId: number; producto: string; anterior: number; nuevo: number };
  alta: { entidad: TEntidadActividad; id: number; nombre: string };
  eliminacion: { entidad: TEntidadActividad; id: number; nombre: string };
  archivo: { entidad: TEntidadActividad; id: number; nombre: string };
  anulacion: { ventaId: number; total: number };
  /** A paid sale completed (issue #36): by migration 0019 for the sales an earlier checkout left Pendiente. */
  completada: { ventaId: number; total: number; porMigracion?: boolean };
  descuento: { ventaId: number; monto: number; autorizadoPorId: number | null; autorizadoPor: string | null };
  /** Above the store's threshold (issue #27): the supervisor whose PIN authorised it (id 0: the store account's PIN). */
  caja_movimiento: { turnoId: number; tipo: 'entrada' | 'salida'; monto: number; motivo: string; autorizadoPorId?: number; autorizadoPor?: string | null };
  cierre_turno: { turnoId: number; esperado: number; contado: number; diferencia: number };
  credito: { clienteId: number; cliente: string; anterior: number | null; nuevo: number | null; plazoAnterior?: number; plazoNuevo?: number };
  permisos: { rol: number; cambios: { permiso: string; antes: boolean; despues: boolean }[]; umbralAnterior?: number | null; umbralNuevo?: number | null };
  /** An attempt the rules refused: what was tried (a key of messages/actividad.ts `acciones`) and the answer given. */
  rechazo: { accion: string; mensaje: string; entidad?: TEntidadActividad; id?: number; nombre?: string };
  /** A purchase order made, changed, sent or cancelled (issue #32). */
  orden_compra: { ordenId: number; numero: number; proveedor: string; accion: 'creada' | 'editada' | 'enviada' | 'cancelada'; total: number };
  /** Goods received (issue #32): every unit entered stock through the ledger in the same transaction. */
  recepcion: { recepcionId: number; numero: number; ordenNumero: number | null; proveedor: string; unidades: number; total: number; facturaNumero: string | null };
  /** An import (issue #33): how many products, customers or suppliers it created and changed; for products, each price is in the price history, each stock change in the ledger. */
  importacion: { entidad: TEntidadActividad; nuevos: number; actualizados: number; precios?: number; stock?: number };
  /** A return (issue #32 point 1): its number, the sale, the units, the refund and how it was paid back. */
  devolucion: {
    devolucionId: number;
    numero: number;
    ventaId: number;
    ventaNumero: number;
    unidades: number;
    total: number;
    metodo: string;
    /** How the money went back, by method (issue #51 point 3, ADR 039): the part credited to fiado first. */
    reembolso?: { metodo: string; monto: number }[];
    /** A transfer's or card refund's reference. */
    referencia?: string;
    /** The supervisor whose PIN authorised a role without the `devolver` permission. */
    autorizadoPor?: string;
    motivo: string;
    /** An exchange (issue #32 point 2): the new sale the return's value went into. */
    ventaCambioId?: number;
    ventaCambioNumero?: number;
  };
  /** A line sold past the recorded stock (issue #36 point 7): the stock went from `stockAntes` to `stockDespues` through the ledger. */
  sin_stock: {
    ventaId: number;
    ventaNumero: number;
    productoId: number;
    producto: string;
    cantidad: number;
    stockAntes: number;
    stockDespues: number;
    /** Who authorised: the PIN's owner, or the seller holding the permission (null: the store account). */
    autorizadoPorId: number | null;
    autorizadoPor: string | null;
  };
  /** A leg of a transfer between the empresa's stores (issue #56 point 3, ADR 056), in the store it touched. */
  traslado: {
    trasladoId: number;
    numero: number;
    accion: 'pedido' | 'despacho' | 'recepcion' | 'cancelacion';
    origen: string;
    destino: string;
    unidades: number;
    faltante: number;
    motivo: string | null;
  };
  /** A product sold only on prescription (issue #58 point 2, migration 0074): whether the cashier confirmed the customer presented it (an offline sale may not have). */
  formula_medica: {
    ventaId: number;
    ventaNumero: number;
    productoId: number;
    producto: string;
    confirmada: boolean;
    sinRed?: string;
  };
  /** Units of an expired lot sold (issue #58 point 2, ADR 051), with who authorised it (the PIN's owner, or the seller of role 1 or 3). */
  lote_vencido: {
    ventaId: number;
    ventaNumero: number;
    productoId: number;
    producto: string;
    lote: string;
    vence: string;
    cantidad: number;
    autorizadoPorId: number | null;
    autorizadoPor: string | null;
    sinRed?: string;
  };
  /** A sale's header edited in the back-office (issue #27): which of its fields changed. */
  venta_editada: { ventaId: number; numero: number; campos: TCampoVentaEditado[] };
  /** The store's fiscal profile saved (issue #30): which of its fields changed (all of them the first time), and whether it is now responsible for IVA. */
  perfil_fiscal: { campos: string[]; responsableIva: boolean; nuevo: boolean };
  /**
   * The electronic POS document's settings (issue #31): what changed (secrets named, never their
   * values), a new certificate's holder and expiry, a test set's result.
   */
  documento_electronico:
    | { accion: 'configuracion'; campos: string[]; habilitado: boolean; ambiente: 'habilitacion' | 'produccion' }
    | { accion: 'certificado'; sujeto: string; validoHasta: string; desde?: string }
    /** `documento`: the type whose software it was (ADR 069's addendum); absent for the POS document's. */
    | { accion: 'software_empresa'; campos: string[]; desde: string; documento?: string }
    /** `documento`: the type whose own set it was (issue #57 point 5); absent for the POS document's. */
    | { accion: 'set_pruebas' | 'consulta_set_pruebas'; aceptado: boolean; documento?: string }
    | { accion: 'tipo_configuracion'; documento: string; campos: string[] }
    /** A debit note to an invoiced sale (issue #57, ADR 050): its number, the invoice's, the concept (annex table 13.2.5), the reason and the pesos charged. */
    | { accion: 'nota_debito'; ventaId: number; ventaNumero: number; factura: string; numero: string; concepto: number; motivo: string; total: number }
    /** A reception's documento soporte (ADR 055) and its adjustment note: numbers, the supplier, the pesos. */
    | { accion: 'documento_soporte'; recepcionId: number; recepcionNumero: number; proveedor: string; numero: string; total: number }
    | { accion: 'nota_soporte'; recepcionId: number; recepcionNumero: number; soporte: string; numero: string; concepto: number; motivo: string; total: number }
    /** The buyer's copy of an invoice or note e-mailed (issue #57 point 4): by the worker (the store account) or resent by role 1. */
    | { accion: 'correo_comprador'; ventaId: number; ventaNumero: number; numero: string; correo: string };
  /**
   * A back-office change of a user, a role, a store or a payment method (issue #51 point 8), with each
   * field before and after (a password is named, never its value). Roles and payment methods are
   * global catalogues: their entry is in every store's log.
   */
  administracion: {
    entidad: 'usuario' | 'rol' | 'tienda' | 'metodo_pago';
    accion: 'alta' | 'cambio' | 'eliminacion';
    id: number;
    nombre: string;
    cambios: { campo: string; antes: string | number | null; despues: string | number | null }[];
  };
  /**
   * A device allowed to sell offline authorised (by the owner, or at once when the owner asks on it),
   * renamed or revoked, or an offline sale under Revisar marked reviewed (issue #51 point 5), with each
   * field before and after (a device's state: 'pendiente' | 'autorizado' | 'revocado').
   */
  sin_red: {
    accion: 'autorizado' | 'renombrado' | 'revocado' | 'revisada';
    /** The device (authorised, renamed, revoked), or the reviewed sale's device if it still has one. */
    equipoId?: number;
    nombre: string;
    /** The reviewed sale: its number and the number its device printed. */
    ventaId?: number;
    ventaNumero?: number;
    numeroDispositivo?: string | null;
    cambios: { campo: string; antes: string | null; despues: string | null }[];
  };
  /**
   * A price list made, changed or deleted, a product's price or quantity break in it set or removed,
   * a customer assigned to it or taken off (issue #59 point 5, ADR 047), each field before and after
   * as the log shows it (prices as '$ 2.300', a break as 'Arroz desde 12').
   */
  lista_precio: {
    /** `copiada`: the empresa's owner copied it to (origin's log) or from (the store's log) another store (issue #59 point 1). */
    accion: 'creada' | 'cambiada' | 'eliminada' | 'precio' | 'cliente' | 'copiada';
    listaId: number;
    lista: string;
    cambios: { campo: string; antes: string | null; despues: string | null }[];
  };
  /** A promotion made, changed or deleted (issue #59 point 5, ADR 052), each field before and after as the log shows it. */
  promocion: {
    /** `copiada`: the empresa's owner copied it to (origin's log) or from (the store's log) another store (issue #59 point 1). */
    accion: 'creada' | 'cambiada' | 'eliminada' | 'copiada';
    promocionId: number;
    promocion: string;
    cambios: { campo: string; antes: string | null; despues: string | null }[];
  };
  /**
   * Loyalty points (issue #59 point 3, ADR 054): the store's settings changed (each field before → after),
   * or a customer's points earned, spent or reversed by a sale, its annulment or a return.
   */
  puntos: {
    accion: 'configuracion' | 'ganado' | 'redimido' | 'reverso' | 'devolucion';
    cambios?: { campo: string; antes: string | null; despues: string | null }[];
    clienteId?: number;
    cliente?: string;
    ventaId?: number;
    ventaNumero?: number;
    devolucionId?: number;
    puntos?: number;
    saldo?: number;
    /** Earned points a reversal could not take back: the customer had spent them. */
    sinQuitar?: number;
  };
  /**
   * A supplier of the empresa edited (ADR 064), logged in the store where it was edited, each field
   * before and after (booleans as they were: `obligadoFacturar`).
   */
  proveedor: {
    accion: 'cambiado';
    id: number;
    nombre: string;
    cambios: { campo: string; antes: string | boolean | null; despues: string | boolean | null }[];
  };
  /**
   * Two customers of the empresa with one documento merged (issue #56, ADR 067): in every store whose
   * balances moved, and the acting store; each of that store's figures before → after (the survivor's).
   */
  union_clientes: TDetalleUnion;
  /**
   * Two suppliers of the empresa with one NIT or cédula merged (issue #56, ADR 072): in the acting store
   * and in every store whose products, open orders or open counts moved, each count before → after.
   */
  union_proveedores: TDetalleUnion;
  /** A tax assigned (issue #30): to a category (its products without their own inherit it) or to some products; null: back to the category's. */
  impuesto: { categoria?: string; productos?: number; impuesto: string | null; actualizados: number };
}

/** What a back-office edit of a sale's header changed (issue #27): its method, customer, seller or date. */
export type TCampoVentaEditado = 'metodo' | 'cliente' | 'vendedor' | 'fecha';

/** One entry as its writer gives it: a kind and its facts. */
export type TEntradaActividad = { [K in TTipoActividad]: { tipo: K; detalle: TDetallesActividad[K] } }[TTipoActividad];

/** The list's filters: a person (an employee's id, or `tienda` for the store account), a kind, a range of the store's days. */
export const ZActividadQuery = ZPageQuery.extend({
  persona: z
    .string({ error: M.generic.validation })
    .trim()
    .regex(/^(tienda|\d{1,9})?$/, M.generic.validation)
    .optional(),
  tipo: z.union([z.enum(TIPOS_ACTIVIDAD, { error: M.generic.validation }), z.literal('')]).optional(),
  desde: zFechaFiltro(M.actividad.fechaInvalida),
  hasta: zFechaFiltro(M.actividad.fechaInvalida),
}).refine(rangoValido, { path: ['hasta'], message: M.actividad.rangoInvalido })
  .refine(...rangoLimitado);
export type TActividadQuery = Partial<z.output<typeof ZActividadQuery>>;
export type TActividadFiltros = z.output<typeof ZActividadQuery>;

/** The CSV export takes the same filters, without paging (every matching row, up to the export's cap). */
export const ZActividadCsvQuery = ZActividadQuery;

export const ZActividad = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  usuarioId: z.number().int().nullable(),
  persona: z.string(),
  rol: z.number().int(),
  cara: z.enum(CARAS),
  tipo: z.string(),
  /** The entry in words (messages/actividad.ts `describir`). */
  descripcion: z.string(),
});
export type TActividad = z.infer<typeof ZActividad>;
export const ZActividadPage = zPage(ZActividad);
export type TActividadPage = z.infer<typeof ZActividadPage>;

/** Whom the person filter offers: everyone who appears in the log (`id` null: the store account). */
export const ZActividadPersona = z.object({ id: z.number().int().nullable(), nombre: z.string() });
export type TActividadPersona = z.infer<typeof ZActividadPersona>;
export const ZActividadPersonas = z.object({ items: z.array(ZActividadPersona) });
