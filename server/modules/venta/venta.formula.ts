/**
 * Medicines sold only on a doctor's prescription (issue #58 point 2, migration 0074): a product with
 * `producto.bajo_formula` enters a sale only when the cashier confirmed that the customer presented the
 * prescription (the line's `formula`, asked by the till before the product enters the cart). The server
 * refuses such a line without the confirmation on every face that writes a sale's lines: the till's
 * checkout, the old client's step-by-step line (`formula_Medica`) and the back-office's line. An offline
 * sale (ADR 029) already happened: it is recorded, and an unconfirmed product is listed under Revisar.
 * Each such product sold is one activity entry `formula_medica` (the sale, the product, whether it was
 * confirmed), so the store can show who sold prescription medicines and when.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db, Tx } from '../../db/client';
import { producto } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { arregloInt } from '../../db/arreglos';

type LineaConFormula = { productoId: number; formula?: boolean | null };

export interface FormulasDeVenta {
  /** The sale has products sold on prescription: their entries are written in the sale's transaction. */
  enTransaccion: boolean;
  /** After the sale is written, in its transaction: the log entries; answers the reasons to review an offline sale. */
  despues(tx: Tx, venta: { id: number; numero: number }): Promise<string[]>;
}

/** The store's products among `ids` sold only on prescription. */
async function bajoFormula(q: Db | Tx, tiendaId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return q
    .select({ id: producto.idProducto, nombre: producto.nombre })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, [...new Set(ids)]), eq(producto.bajoFormula, true)))
    .orderBy(producto.nombre);
}

/** A product sold on prescription, as the checkout's one read (ADR 076) gathers it. */
export type ProductoBajoFormula = { id: number; nombre: string };

/**
 * The same read as one expression (ADR 076): the store's products among `ids` sold only on
 * prescription, a jsonb array of `ProductoBajoFormula` by name, for a statement that reads more
 * (the checkout's read before deciding). Its answer goes to `formulasDeVenta` as `leidos`.
 */
export function bajoFormulaSql(tiendaId: number, ids: readonly number[]): SQL {
  return sql`coalesce((select jsonb_agg(jsonb_build_object('id', ${producto.idProducto}, 'nombre', ${producto.nombre}) order by ${producto.nombre})
    from ${producto} where ${producto.tiendaId} = ${tiendaId} and ${producto.idProducto} = any (${arregloInt([...new Set(ids)])}) and ${producto.bajoFormula}), '[]'::jsonb)`;
}

/**
 * Checks a sale's lines before anything is written: a product sold on prescription without the
 * cashier's confirmation is refused (VALIDATION, naming the products), unless the sale was made
 * offline (`sinRed`, its printed number), which is recorded and reviewed instead. `leidos`: the
 * products `bajoFormulaSql` answered for these lines, read with the checkout's other facts.
 */
export async function formulasDeVenta(
  q: Db | Tx,
  options: { tiendaId: number; autor: Autor; lineas: readonly LineaConFormula[]; sinRed?: string | null; leidos?: readonly ProductoBajoFormula[] },
): Promise<FormulasDeVenta> {
  const { tiendaId, autor, lineas, sinRed } = options;
  // Read already with the checkout's other facts (bajoFormulaSql), or read here.
  const productos = options.leidos ?? (await bajoFormula(q, tiendaId, lineas.map((l) => l.productoId)));
  const confirmado = (id: number) => lineas.some((l) => l.productoId === id && l.formula === true);
  const faltan = productos.filter((p) => !confirmado(p.id));
  if (faltan.length > 0 && sinRed == null) throw sinFormula(faltan.map((p) => p.nombre));
  return {
    enTransaccion: productos.length > 0,
    async despues(tx, venta) {
      const motivos: string[] = [];
      for (const p of productos) {
        const confirmada = confirmado(p.id);
        await registrarPor(tx, tiendaId, autor, {
          tipo: 'formula_medica',
          detalle: { ventaId: venta.id, ventaNumero: venta.numero, productoId: p.id, producto: p.nombre, confirmada, ...(sinRed != null ? { sinRed } : {}) },
        });
        if (!confirmada) motivos.push(M.lotes.motivoFormulaSinRed(p.nombre));
      }
      return motivos;
    },
  };
}

/** The refusal of products sold on prescription without the confirmation. */
export const sinFormula = (nombres: readonly string[]) =>
  new AppError('VALIDATION', M.lotes.formulaSinConfirmar(nombres), { title: M.lotes.formulaTitulo, fields: { formula: M.lotes.formulaSinConfirmar(nombres) } });

/**
 * One line added to a sale outside the till's checkout (the old client's step 2, the back-office): a
 * product sold on prescription needs `formula`; when given, the confirmation is logged.
 */
export async function formulaDeLinea(tx: Tx, options: { tiendaId: number; autor: Autor; venta: { id: number; numero: number }; productoId: number; formula?: boolean | null }) {
  const f = await formulasDeVenta(tx, { tiendaId: options.tiendaId, autor: options.autor, lineas: [{ productoId: options.productoId, formula: options.formula }] });
  await f.despues(tx, options.venta);
}
