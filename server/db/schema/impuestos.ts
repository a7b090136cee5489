import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { empresa, tienda } from './tienda';

/**
 * The store's fiscal profile (issue #30; *Datos fiscales*, role 1): what the receipts, the tax reports
 * and the electronic POS document (#31) say about the seller. One row per store; no row: the store
 * charges no taxes and everything works as before.
 */
export const perfilFiscal = pgTable(
  'perfil_fiscal',
  {
    tiendaId: integer('tienda_id')
      .primaryKey()
      .references(() => tienda.idTienda, { onDelete: 'cascade' }),
    razonSocial: text('razon_social').notNull(),
    /** 'natural' | 'juridica'. */
    tipoPersona: text('tipo_persona').notNull(),
    /** Digits only, without the verification digit. */
    nit: text('nit').notNull(),
    /** DIAN's verification digit, checked against the NIT on every write (shared/impuestos.ts). */
    dv: integer('dv').notNull(),
    /** RUT responsibilities (O-13, O-15, O-23, O-47, R-99-PN), as a JSON array of codes. */
    responsabilidades: text('responsabilidades').array().notNull().default(sql`'{}'::text[]`),
    /** Responsible for IVA: the receipts show bases and taxes by rate; refused while a product has no tax. */
    responsableIva: boolean('responsable_iva').notNull().default(false),
    /** DANE codes: department (2 digits) and municipality (5 digits, starting with the department's). */
    departamento: text('departamento').notNull(),
    municipio: text('municipio').notNull(),
    direccion: text('direccion').notNull(),
    telefono: text('telefono'),
    correo: text('correo').notNull(),
    /** A store not responsible for IVA may print "Documento informativo" on its receipts. */
    documentoInformativo: boolean('documento_informativo').notNull().default(false),
    /** The INC on plastic bags: pesos per bag, set by the owner (the `bolsa` tax). */
    valorIncBolsa: bigint('valor_inc_bolsa', { mode: 'number' }).notNull().default(0),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('perfil_fiscal_tipo_persona', sql`${t.tipoPersona} in ('natural', 'juridica')`),
    check('perfil_fiscal_nit', sql`${t.nit} ~ '^[0-9]{1,15}$'`),
    check('perfil_fiscal_dv', sql`${t.dv} between 0 and 9`),
    check('perfil_fiscal_valor_bolsa', sql`${t.valorIncBolsa} between 0 and 100000`),
  ],
);

/**
 * The tax a category's products inherit unless a product sets its own (issue #30 point 2): the empresa's,
 * defined once for every store of it (issue #56 point 2, ADR 063, migration 0096).
 */
export const categoriaImpuesto = pgTable(
  'categoria_impuesto',
  {
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresa.idEmpresa, { onDelete: 'cascade' }),
    /** The product's `categoria` text, as written on the products. */
    categoria: text('categoria').notNull(),
    impuesto: text('impuesto').notNull(),
    /**
     * The empresa's stores had different taxes for the category when it became the empresa's (migration
     * 0096): the products that inherited another one kept it as their own. Cleared when the owner sets it.
     */
    diferia: boolean('diferia').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.empresaId, t.categoria] }),
    check('categoria_impuesto_valido', sql`${t.impuesto} in ('iva19', 'iva5', 'exento', 'excluido', 'inc8', 'bolsa')`),
  ],
);
