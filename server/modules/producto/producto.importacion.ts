/**
 * The catalogue's import, the product domain's side (issue #33; split from producto.domain.ts,
 * issue #54 point 4): what an import compares a file's rows with, and the write of the rows that pass
 * — all or nothing, by the same rules as one product at a time (producto.domain.ts owns them; this
 * file calls them). The file's reading and each row's plan are server/modules/importacion/.
 */
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { TImpuesto } from '#shared/impuestos';
import { M } from '#shared/messages';
import type { TCambioPrecio, TDetalleCambioPrecio } from '#shared/schemas/permisos';
import { IMPORTADOS_PRODUCTO } from '#shared/schemas/producto';
import type { Db, Tx } from '../../db/client';
import { insertarLote } from '../../db/insertar-lote';
import { esDueno, tiendasHermanas } from '../tienda/empresa';
import { CATALOGO, crearEnHermanas, llevarAHermanas } from './catalogo-empresa';
import { historialPrecio, inventario, producto } from '../../db/schema';
import { nombreDe, registrarPor, type Autor } from '../actividad/actividad.domain';
import { ajustarStockLote, registrarEntradasIniciales } from '../movimiento/ledger';
import { conRechazos, denegado, exigirPermiso, puede } from '../tienda/permisos';
import { checkProveedor, comprobarUnidad, diferencia, notFound, refusal, traducir } from './producto.domain';


/** The fields the import reads, under the domain's names (the field list's `importa`, issue #54 point 4). */
type Importado = (typeof IMPORTADOS_PRODUCTO)[number]['campo'];
const IMPORTADOS = IMPORTADOS_PRODUCTO.map((i) => i.campo);

/** What an import compares a row with: every product of the store, its fields the import reads. */
export const columnasImportables = {
  idProducto: producto.idProducto,
  ...(Object.fromEntries(IMPORTADOS.map((k) => [k, producto[k]])) as { [K in Importado]: (typeof producto)[K] }),
};

export async function productosImportables(db: Db | Tx, tiendaId: number) {
  return db.select(columnasImportables).from(producto).where(eq(producto.tiendaId, tiendaId)).orderBy(asc(producto.idProducto));
}
export type TProductoImportable = Awaited<ReturnType<typeof productosImportables>>[number];

/**
 * The fields an import may set on a product (the stock through the ledger). The tax and the DIAN unit
 * (issue #30) are the product's own; the cost is its last cost, and its average cost too while it has
 * none (compras/costo.domain.ts keeps both from then on).
 */
export type CamposImportables = Partial<Omit<TProductoImportable, 'idProducto' | 'stock' | 'impuesto'> & { impuesto: TImpuesto | null }>;

/** The fields a new product takes from its row besides its name, price and stock; absent, a nullable column is null, another keeps its default (stock minimum 0, sold by unit). */
const DE_LA_FILA = IMPORTADOS.filter((k): k is Exclude<Importado, 'nombre' | 'precioUnit' | 'stock'> => !['nombre', 'precioUnit', 'stock'].includes(k));
const COLUMNAS = getTableColumns(producto);
const deLaFila = (a: AltaImportada) => Object.fromEntries(DE_LA_FILA.flatMap((k) => (a[k] !== undefined ? [[k, a[k]]] : COLUMNAS[k].notNull ? [] : [[k, null]])));
export interface AltaImportada extends CamposImportables {
  nombre: string;
  precioUnit: number;
  stock: number;
}
export interface CambioImportado {
  id: number;
  /** Only what differs from the product. */
  campos: CamposImportables;
  /** The new stock, when it differs. */
  stock?: number;
}

const LOTE = 500;

/**
 * A catalogue import, all or nothing in one transaction: new products are created and existing ones
 * changed by the same rules as one at a time — the store's permissions ('productos'; 'precios' for
 * a new price of an existing product; 'stock' for its stock), suppliers of the store only, one
 * barcode per product; each price in the price history, each stock change in the ledger
 * (`motivo`, *Ajuste por importación*), one entry in the activity log. The caller has already left
 * out the rows a person may not import (they show as row errors in the preview); a refusal here
 * undoes everything and is recorded as an attempt. `alAvanzar` hears how many rows are done.
 */
export async function importarProductos(options: {
  db: Db;
  tiendaId: number;
  autor: Autor;
  altas: AltaImportada[];
  cambios: CambioImportado[];
  motivo: string;
  alAvanzar?: (hechas: number, total: number) => void | Promise<void>;
}): Promise<{ nuevos: number; actualizados: number }> {
  const { db, tiendaId, autor, altas, cambios, motivo } = options;
  const total = altas.length + cambios.length;
  if (total === 0) return { nuevos: 0, actualizados: 0 };
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      const intento = { entidad: 'producto' } as const;
      await exigirPermiso(tx, tiendaId, autor, 'productos', intento);
      if (cambios.some((c) => c.campos.precioUnit !== undefined)) await exigirPermiso(tx, tiendaId, autor, 'precios', intento);
      if (cambios.some((c) => c.stock !== undefined)) await exigirPermiso(tx, tiendaId, autor, 'stock', intento);
      // A new product's first price and opening stock, as when created one at a time (issue #51 point 4).
      if (altas.length && !(await puede(tx, tiendaId, autor, 'precios'))) throw denegado(tiendaId, autor, 'precios', intento, M.productos.precioInicialSinPermiso);
      if (altas.some((a) => a.stock !== 0) && !(await puede(tx, tiendaId, autor, 'stock'))) throw denegado(tiendaId, autor, 'stock', intento, M.productos.stockInicialSinPermiso);
      // A unit change is a price change (issue #51 point 4); whether it is one is known once the rows are read.
      let unidadesPermitidas = false;
      // Costs are seen and set by who may see reports (compras/costo.domain.ts).
      if ([...altas, ...cambios.map((c) => c.campos)].some((x) => x.costo != null)) await exigirPermiso(tx, tiendaId, autor, 'reportes', intento);
      // An empresa of several stores (ADR 043 §2): new products and catalogue columns are the owner's, and
      // reach every store; a store's staff import only what the store owns (price, stock, minimum…).
      const hermanas = await tiendasHermanas(tx, tiendaId);
      if (hermanas.length && !esDueno(autor) && (altas.length || cambios.some((c) => CATALOGO.some((k) => k in c.campos))))
        throw denegado(tiendaId, autor, 'productos', intento, M.catalogoEmpresa.soloDueno);
      const nuevos: number[] = [];
      // A cost already set is changed like a price (asked once, when the first such row comes).
      let costosPermitidos = false;
      const proveedores = [...new Set([...altas, ...cambios.map((c) => c.campos)].map((x) => x.proveedorId).filter((x): x is number => x != null))];
      for (const id of proveedores) await checkProveedor(tx, tiendaId, id);

      // Who, once: each price of the import is recorded under the same name.
      const quien = ((await tx.execute(sql`select ${nombreDe(autor.usuarioId)} as nombre`)) as unknown as { rows: { nombre: string }[] }).rows[0]!.nombre;
      const precio = (productoId: number, anterior: number | null, nuevo: number) => ({
        tiendaId,
        productoId,
        usuarioId: autor.usuarioId,
        usuarioNombre: quien,
        cara: autor.cara,
        campo: 'precio' as TCambioPrecio['campo'],
        anterior,
        nuevo,
        detalle: null as TDetalleCambioPrecio | null,
      });
      let hechas = 0;
      let precios = 0;
      let ajustes = 0;
      const [inv] = await tx.select({ id: inventario.idInventario }).from(inventario).where(eq(inventario.tiendaId, tiendaId)).orderBy(asc(inventario.idInventario)).limit(1);
      const inventarioId = inv?.id ?? null;
      for (let i = 0; i < altas.length; i += LOTE) {
        const lote = altas.slice(i, i + LOTE);
        const rows = await insertarLote(
          tx,
          producto,
          lote.map((a) => ({
            ...deLaFila(a),
            tiendaId,
            nombre: a.nombre,
            precioUnit: a.precioUnit,
            stock: a.stock,
            // A first cost is the average cost too.
            costoPromedio: a.costo ?? null,
            inventarioId,
          })),
          { id: producto.idProducto },
        );
        nuevos.push(...rows.map((r) => r.id));
        await registrarEntradasIniciales(tx, { tiendaId, entradas: rows.map((r, j) => ({ productoId: r.id, cantidad: lote[j]!.stock, inventarioId })), motivo });
        await insertarLote(tx, historialPrecio, [
          ...rows.map((r, j) => precio(r.id, null, lote[j]!.precioUnit)),
          ...rows.flatMap((r, j) => (lote[j]!.costo != null ? [{ ...precio(r.id, null, lote[j]!.costo!), campo: 'costo' as const }] : [])),
        ]);
        hechas += lote.length;
        await options.alAvanzar?.(hechas, total);
      }
      for (let i = 0; i < cambios.length; i += LOTE) {
        const lote = [...cambios.slice(i, i + LOTE)].sort((a, b) => a.id - b.id);
        // Locked in id order, as the checkout does, so a sale meanwhile queues instead of deadlocking.
        const actuales = new Map(
          (
            await tx
              .select({ id: producto.idProducto, stock: producto.stock, precioUnit: producto.precioUnit, costo: producto.costo, costoPromedio: producto.costoPromedio, unidadDian: producto.unidadDian })
              .from(producto)
              .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, lote.map((c) => c.id))))
              .orderBy(asc(producto.idProducto))
              .for('update')
          ).map((r) => [r.id, r]),
        );
        const historial: ReturnType<typeof precio>[] = [];
        const stock: { productoId: number; delta: number }[] = [];
        const unidades = lote.flatMap((c) => {
          const actual = actuales.get(c.id);
          return actual && c.campos.unidadDian && c.campos.unidadDian !== actual.unidadDian ? [{ productoId: c.id, unidadDian: c.campos.unidadDian, stock: c.stock ?? actual.stock }] : [];
        });
        if (unidades.length) {
          if (!unidadesPermitidas && !(await puede(tx, tiendaId, autor, 'precios'))) throw denegado(tiendaId, autor, 'precios', intento, M.productos.unidadSinPermiso);
          unidadesPermitidas = true;
          await comprobarUnidad(tx, tiendaId, unidades);
        }
        for (const c of lote) {
          const actual = actuales.get(c.id);
          if (!actual) throw notFound();
          if (c.campos.costo != null && actual.costo != null && !costosPermitidos) {
            await exigirPermiso(tx, tiendaId, autor, 'precios', intento);
            costosPermitidos = true;
          }
          // A first cost is the average cost too; later receipts average from there.
          const promedio = c.campos.costo != null && actual.costoPromedio == null ? { costoPromedio: c.campos.costo } : {};
          if (Object.keys(c.campos).length) await tx.update(producto).set({ ...c.campos, ...promedio }).where(and(eq(producto.idProducto, c.id), eq(producto.tiendaId, tiendaId)));
          if (c.campos.precioUnit !== undefined && c.campos.precioUnit !== actual.precioUnit) {
            historial.push(precio(c.id, actual.precioUnit, c.campos.precioUnit));
          }
          if (c.campos.costo != null && c.campos.costo !== actual.costo) historial.push({ ...precio(c.id, actual.costo, c.campos.costo), campo: 'costo' });
          if (c.campos.unidadDian && c.campos.unidadDian !== actual.unidadDian) {
            const nuevo = c.campos.precioUnit ?? actual.precioUnit;
            historial.push({ ...precio(c.id, actual.precioUnit, nuevo), campo: 'unidad', detalle: { unidadAnterior: actual.unidadDian, unidadNueva: c.campos.unidadDian } });
          }
          if (c.stock !== undefined && c.stock !== actual.stock) stock.push({ productoId: c.id, delta: diferencia(c.stock, actual.stock) });
        }
        if (historial.length) await tx.insert(historialPrecio).values(historial);
        if (stock.length && !(await ajustarStockLote(tx, { tiendaId, cambios: stock, motivo, revisado: true }))) throw refusal('CONFLICT', 'stock', M.productos.stockCambio(0));
        precios += historial.length;
        ajustes += stock.length;
        hechas += lote.length;
        await options.alAvanzar?.(hechas, total);
      }
      if (hermanas.length) {
        for (const id of nuevos) await crearEnHermanas(tx, { tiendaId, productoId: id, autor, hermanas });
        await llevarAHermanas(tx, { tiendaId, productoIds: cambios.map((c) => c.id), autor, hermanas });
      }
      await registrarPor(tx, tiendaId, autor, { tipo: 'importacion', detalle: { entidad: 'producto', nuevos: altas.length, actualizados: cambios.length, precios, stock: ajustes } });
      return { nuevos: altas.length, actualizados: cambios.length };
    }),
  ).catch(traducir);
}
