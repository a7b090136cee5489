import type { ReactNode } from 'react';

/** One column of a table's header row: its text, or its content and class; false or null leaves it out. */
export type Cabecera = string | { texto: ReactNode; className?: string } | false | null;

/** A figure's column (money, counts): right-aligned like its cells. */
export const numerica = (texto: string): Cabecera => ({ texto, className: 'num' });

/** A table's header row: one column header per column, a column shown only sometimes left out by a false. */
export function Cabeceras({ columnas }: { columnas: Cabecera[] }) {
  return (
    <thead>
      <tr>
        {columnas.map((c, i) =>
          !c ? null : (
            <th key={i} scope="col" className={typeof c === 'string' ? undefined : c.className}>
              {typeof c === 'string' ? c : c.texto}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
