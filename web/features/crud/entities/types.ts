import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { TCrudEntidad, TCrudEntidadEditable } from '#shared/schemas/crud';
import type { StoredSession } from '../../../lib/session';

export type FormValues = Record<string, string>;

/** Where a select takes its options: a fixed list, or a global catalogue read from the API. */
export type OptionsSource = readonly { value: string; label: string }[] | 'roles' | 'metodosdepago';

export interface FieldDef {
  name: string;
  label: string;
  /** 'money': integer pesos, shown with thousand dots as they are typed (MoneyField). 'checkbox': 'true' when ticked, '' when not. */
  type?: 'text' | 'number' | 'money' | 'email' | 'password' | 'date' | 'time' | 'tel' | 'select' | 'checkbox';
  options?: OptionsSource;
  /** Suggestions for free-text fields (a datalist). */
  suggestions?: readonly string[];
  hint?: string;
  autoComplete?: string;
  /** Shown only on the register form / only on the update form. */
  only?: 'create' | 'update';
  /** Shown, but not editable, on the update form (ids, the store of a row). */
  readOnlyOnUpdate?: boolean;
  /** The store of the row: the operator types it; a store admin sees its own, fixed. */
  tienda?: 'always' | 'operator';
  wide?: boolean;
  /** An id of another area: the form names the row it points to as the person types. */
  lookup?: 'producto' | 'proveedor' | 'inventario' | 'ventas';
}

export interface ColumnDef<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  num?: boolean;
}

export interface RegisterFailureTexts {
  /** The red text when the server refuses; absent → the server's own message (invoices). */
  refused?: string;
  /** The red text when the server cannot be reached. */
  network: string;
}

/** What every area has: its menu entry and its list. */
interface EntityListConfig<Row> {
  /** Menu label of the area. */
  menu: string;
  listTitle: string;
  columns: ColumnDef<Row>[];
  rowId: (row: Row) => number;
  /** Names the row in the delete confirmation: "el producto 12 (Arroz)". */
  rowLabel: (row: Row) => string;
  /** The list's first 'Operacion' message (spec: clients). */
  initialOperacion?: string;
  /** Placeholder of the search box. */
  searchHint: string;
}

/**
 * An area the back-office only lists (the fiado ledger, issue #17): no 'registrar' button or menu
 * entry, no Modificar or Eliminar, no form routes; the server has no write routes for it either.
 */
export interface ReadOnlyEntityConfig<Row = Record<string, unknown>> extends EntityListConfig<Row> {
  key: TCrudEntidad;
  readOnly: true;
  routes: { list: string; listAliases?: string[] };
  /** Shown above the list: why it cannot be changed here. */
  note?: string;
}

export interface EntityConfig<Row = Record<string, unknown>> extends EntityListConfig<Row> {
  key: TCrudEntidadEditable;
  readOnly?: false;
  registerTitle: string;
  updateTitle: string;
  /** Route segments under /crud (spec §2). */
  routes: {
    list: string;
    register: string;
    update: string;
    /** Alias segments that redirect to the list / the register form (spec's odd routes). */
    listAliases?: string[];
    registerAliases?: string[];
  };
  /** Where the update form returns (spec: payment methods return to /crud/metodos_pago). */
  afterUpdate?: string;
  /** Where the register form's Cancelar goes (spec: the supplier form cancels to /crud/proveedores). */
  cancelRegister?: string;
  fields: FieldDef[];
  emptyValues: (session: StoredSession) => FormValues;
  toForm: (row: Row) => FormValues;
  createSchema: ZodType;
  updateSchema: ZodType;
  registerFailure: RegisterFailureTexts;
  /** Success dialog button (users: 'Iniciar sesión'). */
  successButton?: string;
  /** An append-only ledger (issue #27: stock movements): rows are added, never modified or deleted. */
  soloAgregar?: boolean;
  /** Rows that carry money are archived instead of deleted (issue #27): an 'Archivar' column. */
  archivable?: boolean;
  /** Writes reserved to the platform operator (DESIGN.md §4); a store admin reads only. */
  operatorOnly?: { create?: boolean; update?: boolean; delete?: boolean };
}

/** Any area of the menu: one with forms, or a read-only list. */
export type AnyEntityConfig = EntityConfig | ReadOnlyEntityConfig;

/** Keeps each area's row type while storing all of them in one table. */
export function defineEntity<Row>(config: EntityConfig<Row>) {
  return config as unknown as EntityConfig;
}
export function defineReadOnlyEntity<Row>(config: Omit<ReadOnlyEntityConfig<Row>, 'readOnly'>) {
  return { ...config, readOnly: true } as unknown as ReadOnlyEntityConfig;
}
