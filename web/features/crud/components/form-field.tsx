import { useId } from 'react';
import { Field, SelectField } from '../../../components/ui/field';
import { MoneyField } from '../../../components/ui/money-field';
import { crud } from '#shared/messages/crud';
import { formatCantidad } from '#shared/cantidad';
import type { TMetodoPagoRow, TRolRow } from '#shared/schemas/crud';
import { useDebounced } from '../../../lib/use-debounced';
import { useCrudRow } from '../api/get-row';
import { useCrudList } from '../api/list-rows';
import type { FieldDef, OptionsSource } from '../entities';
import { fecha } from '../format';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { crud };

const CHOOSE = { value: '', label: M.crud.seleccione };

/** Options of a select: fixed, or read from a global catalogue (roles, payment methods). */
function useOptions(source: OptionsSource | undefined) {
  const catalogue = typeof source === 'string' ? source : null;
  const roles = useCrudList<TRolRow>('roles', { q: '', page: 1, pageSize: 100 }, catalogue === 'roles');
  const metodos = useCrudList<TMetodoPagoRow>('metodosdepago', { q: '', page: 1, pageSize: 100 }, catalogue === 'metodosdepago');
  if (!source) return [];
  if (catalogue === 'roles') return [CHOOSE, ...(roles.data?.items ?? []).map((r) => ({ value: String(r.idRol), label: `${r.idRol} · ${r.nombreRol}` }))];
  if (catalogue === 'metodosdepago')
    return [CHOOSE, ...(metodos.data?.items ?? []).map((m) => ({ value: String(m.idMetPago), label: `${m.idMetPago} · ${m.nombre}` }))];
  return source as readonly { value: string; label: string }[];
}

type Lookup = NonNullable<FieldDef['lookup']>;

/** What an id points to, in a few words. */
function describe(kind: Lookup, row: Record<string, unknown>): string {
  switch (kind) {
    case 'producto':
      // In the product's unit: "stock 5,5 kg" (issue #52 point 3).
      return M.crud.referencia.producto(String(row.nombre), formatCantidad(Number(row.stock), row.unidadDian == null ? null : String(row.unidadDian)));
    case 'proveedor':
      return String(row.nombre);
    case 'inventario':
      return M.crud.referencia.inventario(String(row.estadoRevision));
    case 'ventas':
      return M.crud.referencia.venta(fecha(String(row.fecha)), String(row.estado));
  }
}

/** Names the row an id field points to (debounced), or says it does not exist. */
function useLookupHint(kind: Lookup | undefined, value: string): string | undefined {
  const typed = useDebounced(value.trim(), 300);
  const id = kind && /^\d{1,9}$/.test(typed) && Number(typed) > 0 ? Number(typed) : null;
  const row = useCrudRow<Record<string, unknown>>(kind ?? 'producto', id);
  if (!kind || id == null) return undefined;
  if (row.data) return describe(kind, row.data);
  if (row.isError) return M.crud.referencia.noExiste;
  return undefined;
}

const NUMERIC = { inputMode: 'numeric' as const, pattern: '[0-9]*' };

/** One labelled input of a back-office form, its error read out with it. */
export function FormField(props: { field: FieldDef; value: string; error?: string; readOnly?: boolean; onChange: (v: string) => void }) {
  const { field, value, error, readOnly } = props;
  const options = useOptions(field.options);
  const found = useLookupHint(field.lookup, value);
  const listId = useId();
  const className = field.wide ? 'span-2' : undefined;
  if (field.type === 'select') {
    // A value the catalogue no longer lists stays visible (and selected).
    const opts = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
    return (
      <div className={className}>
        <SelectField label={field.label} name={field.name} options={opts} value={value} error={error} disabled={readOnly} onChange={(e) => props.onChange(e.target.value)} />
      </div>
    );
  }
  if (field.type === 'checkbox') {
    const hintId = `${listId}-hint`;
    return (
      <div className="field field--check span-2">
        <label>
          <input
            type="checkbox"
            name={field.name}
            checked={value === 'true'}
            disabled={readOnly}
            aria-describedby={field.hint ? hintId : undefined}
            onChange={(e) => props.onChange(e.target.checked ? 'true' : '')}
          />{' '}
          {field.label}
        </label>
        {field.hint ? (
          <small id={hintId} className="field__hint">
            {field.hint}
          </small>
        ) : null}
        {error ? <small className="field__error">{error}</small> : null}
      </div>
    );
  }
  if (field.type === 'money') {
    return (
      <div className={className}>
        <MoneyField label={field.label} name={field.name} value={value} error={error} hint={field.hint} readOnly={readOnly} onValue={props.onChange} />
      </div>
    );
  }
  const type = field.type === 'number' || field.type === 'cantidad' ? 'text' : (field.type ?? 'text');
  return (
    <div className={className}>
      <Field
        label={field.label}
        name={field.name}
        type={type}
        value={value}
        error={error}
        // A field that names the row it points to keeps its line from the start: the name arriving
        // (debounced, then fetched) does not move the form's button from under a click.
        hint={found ?? field.hint ?? (field.lookup ? '\u00a0' : undefined)}
        readOnly={readOnly}
        autoComplete={field.autoComplete}
        list={field.suggestions ? listId : undefined}
        {...(field.type === 'number' ? NUMERIC : field.type === 'cantidad' ? { inputMode: 'decimal' as const } : {})}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {field.suggestions ? (
        <datalist id={listId}>
          {field.suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}
