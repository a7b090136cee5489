import type { CSSProperties, Key, MouseEvent, ReactNode, TdHTMLAttributes } from 'react';
import { comun } from '#shared/messages/comun';
import './tabla-datos.css';

// The shell's texts only: every screen loads them (issue #20).
const M = { comun };

/** One column of a `TablaDatos`: its header, how a row fills it, and how it lines up. */
export interface Columna<Row> {
  header: ReactNode;
  /** The column's key; defaults to the header when it is text. */
  id?: string;
  cell: (row: Row) => ReactNode;
  /** Figures (money, counts): right-aligned, tabular digits, never wrapped. */
  num?: boolean;
  /** Class of the header and of every cell of the column. */
  className?: string;
  /** The cell's name on a phone's card layout (`data-label`); defaults to the header text, false for none. */
  label?: string | false;
  /** Attributes of one row's cell (a class that depends on the value, `data-short`). */
  cellProps?: (row: Row) => TdHTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string>;
}

/** A column of row actions, pinned to the right edge while the table scrolls sideways. */
export interface ColumnaAccion<Row> {
  /** Visible header (the back-office's Modificar and Eliminar); default: "Acciones" for screen readers only. */
  header?: string;
  id?: string;
  cell: (row: Row) => ReactNode;
  /** The column's width (CSS length), needed by every action column but the last to pin the next ones. */
  width?: string;
  className?: string;
}

const keyOf = (c: { id?: string; header?: ReactNode }, i: number) => c.id ?? (typeof c.header === 'string' ? c.header : String(i));
const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * The table of every list (issue #14, #16.10): readable headers, figures to the right, row keys,
 * the row actions in sticky columns at the right edge (the table scrolls sideways inside its card
 * on a narrow screen, so no value is ever clipped), and an empty row when there is nothing to show.
 */
export function TablaDatos<Row>(props: {
  /** What the table holds, for screen readers. */
  caption: string;
  columns: Columna<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  acciones?: ColumnaAccion<Row>[];
  rowClassName?: (row: Row) => string | undefined;
  onRowClick?: (row: Row, e: MouseEvent<HTMLTableRowElement>) => void;
  /** A newer page is loading: the current one stays, marked busy. */
  busy?: boolean;
  /** Shown in one row under the headers when `rows` is empty. */
  vacio?: ReactNode;
  className?: string;
  wrapClassName?: string;
  /**
   * The actions first, scrolling with their row (the back-office, issue #36 point 12): a wide table
   * at 1366 px keeps them in sight at the left, and they never cover a value.
   */
  accionesAlInicio?: boolean;
}) {
  const acciones = props.acciones ?? [];
  const alInicio = !!props.accionesAlInicio;
  // Each action column sits right of the widths of the action columns after it.
  const right = acciones.map((_, i) => {
    const after = acciones.slice(i + 1).map((a) => a.width ?? '0px');
    return after.length ? `calc(${after.join(' + ')})` : '0px';
  });
  const pin = (i: number, a: ColumnaAccion<Row>): CSSProperties => (alInicio ? { width: a.width, minWidth: a.width } : { right: right[i], width: a.width, minWidth: a.width });
  const claseAccion = (i: number, a: ColumnaAccion<Row>) =>
    cls('tabla-datos__accion', alInicio ? 'tabla-datos__accion--inicio' : i === 0 && 'tabla-datos__accion--first', a.className);
  const span = props.columns.length + acciones.length;
  const cabezasAccion = acciones.map((a, i) => (
    <th key={keyOf(a, i)} scope="col" className={claseAccion(i, a)} style={pin(i, a)}>
      {a.header ?? <span className="visually-hidden">{M.comun.acciones}</span>}
    </th>
  ));
  const celdasAccion = (row: Row) =>
    acciones.map((a, i) => (
      <td key={keyOf(a, i)} className={claseAccion(i, a)} style={pin(i, a)}>
        {a.cell(row)}
      </td>
    ));

  return (
    <div className={cls('table-wrap tabla-datos-wrap', props.wrapClassName)} aria-busy={props.busy || undefined}>
      <table className={cls('table tabla-datos', props.className)}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {alInicio ? cabezasAccion : null}
            {props.columns.map((c, i) => (
              <th key={keyOf(c, i)} scope="col" className={cls(c.num && 'num', c.className)}>
                {c.header}
              </th>
            ))}
            {alInicio ? null : cabezasAccion}
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 && props.vacio !== undefined ? (
            <tr>
              <td colSpan={span} className="state">
                {props.vacio}
              </td>
            </tr>
          ) : null}
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} className={props.rowClassName?.(row)} onClick={props.onRowClick ? (e) => props.onRowClick!(row, e) : undefined}>
              {alInicio ? celdasAccion(row) : null}
              {props.columns.map((c, i) => {
                const extra = c.cellProps?.(row);
                const label = c.label ?? (typeof c.header === 'string' ? c.header : undefined);
                return (
                  <td key={keyOf(c, i)} data-label={label || undefined} {...extra} className={cls(c.num && 'num', c.className, extra?.className)}>
                    {c.cell(row)}
                  </td>
                );
              })}
              {alInicio ? null : celdasAccion(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
