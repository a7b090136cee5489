import { LOCAL } from './resumenes';

/** What the summaries' generators share (resumenes-sql.ts, resumenes-sql-venta-entera.ts). */
export const sangrar = (texto: string, n: number) => texto.replace(/^(?=.)/gm, ' '.repeat(n));
export const conLocal = (expr: string, local: string) => expr.split(LOCAL).join(local);

export const CABECERA = '-- Generated from server/db/resumenes.ts by server/db/resumenes-sql.ts (issue #54 point 2, ADR 066, ADR 081): migrate() reads it from there.\n';

/** A PL/pgSQL function's file: the generated mark, its comment, its text. */
export function funcion(nombre: string, firma: string, retorno: string, comentario: string, cuerpo: string, declarar = ''): string {
  return `${CABECERA}${comentario.replace(/^/gm, '-- ')}
CREATE OR REPLACE FUNCTION ${nombre}(${firma}) RETURNS ${retorno} LANGUAGE plpgsql AS $$
${declarar ? `DECLARE\n${sangrar(declarar, 2)}\n` : ''}BEGIN
${sangrar(cuerpo, 2)}
END $$;
`;
}
