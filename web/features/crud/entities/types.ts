import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import type { TCrudEntidad, TCrudEntidadEditable } from '#shared/schemas/crud';
import type { StoredSession } from '../../../lib/session';
import { formatearMonto } from '../../../components/ui/money-field';
import { str } from '../format';

export type FormValues = Record<string, string>;

/** Where a select takes its options: a fixed list, or a global catalogue read from the API. */
export type OptionsSource = readonly { value: string; label: string }[] | 'roles' | 'metodosdepago';

export interface FieldDef {
  name: string;
  label: string;
  /** 'money': integer pesos, shown with thousand dots as they are typed (MoneyField). 'checkbox': 'true' when ticked, '' when not. 'cantidad': a quantity with up to three decimals (4,625). */
  type?: 'text' | 'number' | 'cantidad' | 'money' | 'email' | 'password' | 'date' | 'time' | 'tel' | 'select' | 'checkbox';
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
  /** The register form's value before anything is typed (issue #29); '' when absent. */
  defecto?: string;
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
  /**
   * The register form's values and a row's values on the update form. Derived from `fields` when
   * absent (issue #29: a new field is its entry in `fields`): each field's `defecto` or '' (the
   * store's own id for the store field); a row's value as text (money with thousand dots, a ticked
   * box 'true'). `extraForm` adds what a row's form carries that is not a field.
   */
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

/** An area's own texts in shared/messages/crud.ts (issue #20): what every area's titles are taken from. */
interface TextosArea {
  menu: string;
  listTitle: string;
  buscar: string;
}

/** A read-only area's titles from its texts: the menu entry, the list's title and its search hint. */
export function titulosLista(T: TextosArea): Pick<EntityListConfig<unknown>, 'menu' | 'listTitle' | 'searchHint'> {
  return { menu: T.menu, listTitle: T.listTitle, searchHint: T.buscar };
}

/** An area's titles from its texts: the list's, and its register and update forms'. */
export function titulos(T: TextosArea & { registerTitle: string; updateTitle: string }): Pick<EntityConfig, 'menu' | 'listTitle' | 'searchHint' | 'registerTitle' | 'updateTitle'> {
  return { ...titulosLista(T), registerTitle: T.registerTitle, updateTitle: T.updateTitle };
}

/** Any area of the menu: one with forms, or a read-only list. */
export type AnyEntityConfig = EntityConfig | ReadOnlyEntityConfig;

/** The register form's values from the fields: each one's `defecto` or '', the store's own id for the store field. */
export function valoresVacios(fields: FieldDef[], session: StoredSession): FormValues {
  return Object.fromEntries(fields.filter((f) => f.only !== 'update').map((f) => [f.name, f.tienda ? str(session.id_Tienda) : (f.defecto ?? '')]));
}

/** A row's values on the update form, from the fields: text, money with thousand dots, a ticked box 'true'. */
export function valoresDeFila(fields: FieldDef[], row: Record<string, unknown>): FormValues {
  const valor = (f: FieldDef, v: unknown): string => {
    if (f.type === 'checkbox') return v ? 'true' : '';
    if (v == null) return '';
    return f.type === 'money' ? formatearMonto(String(v)) : String(v);
  };
  return Object.fromEntries(fields.filter((f) => f.only !== 'create').map((f) => [f.name, valor(f, row[f.name])]));
}

type EntradaEntidad<Row> = Omit<EntityConfig<Row>, 'emptyValues' | 'toForm'> & {
  emptyValues?: EntityConfig<Row>['emptyValues'];
  toForm?: EntityConfig<Row>['toForm'];
  /** What a row's update form carries that is not a field (the stock the form showed). */
  extraForm?: (row: Row) => FormValues;
};

/** Keeps each area's row type while storing all of them in one table; derives the form values the area does not write. */
export function defineEntity<Row>(config: EntradaEntidad<Row>) {
  const { extraForm, ...resto } = config;
  const completa: EntityConfig<Row> = {
    ...resto,
    emptyValues: config.emptyValues ?? ((s) => valoresVacios(config.fields, s)),
    toForm: config.toForm ?? ((r) => ({ ...valoresDeFila(config.fields, r as Record<string, unknown>), ...extraForm?.(r) })),
  };
  return completa as unknown as EntityConfig;
}
export function defineReadOnlyEntity<Row>(config: Omit<ReadOnlyEntityConfig<Row>, 'readOnly'>) {
  return { ...config, readOnly: true } as unknown as ReadOnlyEntityConfig;
}
