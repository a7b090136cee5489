/**
 * The catalogue's import (issue #33 point 1): a file of products is read (leer-archivo.ts), each row
 * is checked and matched with the store's products — by barcode, or by exact name when the row has
 * none — and the preview says what each row would do and why a row cannot be imported, before
 * anything is written. Applying does the same reading again (the server keeps no file between
 * requests) and hands the rows that pass to the product's domain (`importarProductos`), which owns
 * the writes: permissions, price history, the ledger. A row identical to its product changes
 * nothing, so importing the same file twice writes nothing the second time.
 */
import { M } from '#shared/messages';
import { LIMITES_DINERO } from '#shared/money';
import type { TImpuesto } from '#shared/impuestos';
import { etiquetaDian, etiquetaUnidad, UNIDADES, UNIDADES_DIAN, type TUnidadDian } from '#shared/unidades';
import type { TCampoProducto, TFilaMuestra, TMapeo } from '#shared/schemas/importacion';
import { IMPORTADOS_PRODUCTO, ZProductoBase } from '#shared/schemas/producto';
import { sinTildes } from '#shared/texto';
import type { Db } from '../../db/client';
import type { Autor } from '../actividad/actividad.domain';
import { importarProductos, productosImportables, type AltaImportada, type CambioImportado, type CamposImportables, type TProductoImportable } from '../producto/producto.importacion';
import { opcionesProveedores } from '../proveedor/proveedor.domain';
import { puede } from '../tienda/permisos';
import { adivinarMapeo, cantidad, celdasDe, clave, entero, texto, validarMapeo, type FilaPlan } from './importacion.comun';
import { porUnidad } from '#shared/cantidad';
import type { Tabla } from './leer-archivo';

const MI = M.importacion;
const MAX_INT4 = 2_147_483_647;
/** The largest stock a product holds (numeric(12,3)). */
const MAX_STOCK = 999_999_999;

/** Headers a shop's spreadsheet or another POS uses for each field: the product's field list's (`importa`, issue #54 point 4). */
export const SINONIMOS_PRODUCTO = Object.fromEntries(IMPORTADOS_PRODUCTO.map((i) => [i.como, [...i.encabezados]])) as Record<TCampoProducto, string[]>;

/** The fields read here by their own cell rules (numbers as Excel writes them, a tax or unit by its name, a supplier by its name); every other is the field list's own check. */
const PROPIOS = new Set<string>(['nombre', 'codigoBarras', 'precio', 'costo', 'impuesto', 'unidad', 'stock', 'stockMin', 'proveedor']);
/** The fields checked by the field list's own rule, under the domain's names (a text: category, brand…, and any new field). */
const DE_LA_LISTA = IMPORTADOS_PRODUCTO.filter((i) => !PROPIOS.has(i.como)) as { campo: Generico; como: TCampoProducto }[];
type Generico = Exclude<keyof CamposImportables, 'nombre' | 'codigoBarras' | 'precioUnit' | 'costo' | 'impuesto' | 'unidadDian' | 'stockMin' | 'proveedorId'>;

/** What a tax cell may say ("IVA 19 %", "19", "Exento"…), compared without accents, spaces or signs. */
const IMPUESTOS_ESCRITOS: Record<string, TImpuesto> = {
  iva19: 'iva19', '19': 'iva19', iva: 'iva19', iva5: 'iva5', '5': 'iva5',
  exento: 'exento', exenta: 'exento', '0': 'exento', iva0: 'exento',
  excluido: 'excluido', excluida: 'excluido', noaplica: 'excluido', na: 'excluido',
  inc8: 'inc8', inc: 'inc8', '8': 'inc8', impuestoalconsumo: 'inc8',
  bolsa: 'bolsa', inbolsa: 'bolsa', impuestoalabolsa: 'bolsa', impuestobolsa: 'bolsa',
  // As the screens and the product export name them ("Exento (0 %)", "INC bolsas plásticas").
  ...Object.fromEntries(Object.entries(M.impuestos.nombres).map(([k, nombre]) => [clave(nombre), k as TImpuesto])),
};

/** A unit cell's key: as clave, with "m²" read as "m2" (clave drops the ²). */
const claveUnidad = (s: string) => clave(s.replace(/²/g, '2'));

/**
 * What a unit cell may say, from the one unit rule (shared/unidades.ts): the DIAN code, the symbol, the
 * name as the screens and the product export write it ("Kilogramo (KGM)", "Metro (m)") and the rule's
 * aliases; a libra is refused (DIAN has no Colombian pound: it is 0.5 kg).
 */
const UNIDADES_ESCRITAS: Record<string, TUnidadDian | 'libra'> = {
  lb: 'libra', libra: 'libra', libras: 'libra', lbr: 'libra', ud: '94',
  ...Object.fromEntries(
    UNIDADES_DIAN.flatMap((u) => [u, UNIDADES[u].simbolo, UNIDADES[u].nombre, etiquetaUnidad(u), etiquetaDian(u), ...UNIDADES[u].alias].filter(Boolean).map((t) => [claveUnidad(t), u])),
  ),
};

/** A number in scientific notation, as Excel writes a long one in a CSV ("7,70999E+12"). */
const CIENTIFICO = /^\d+(?:[.,]\d+)?e[+-]?\d+$/i;

/** The preview's column of each field an existing product may change: the mapping's name. */
const COLUMNA_MUESTRA = Object.fromEntries(IMPORTADOS_PRODUCTO.map((i) => [i.campo, i.como])) as Record<keyof CamposImportables, NonNullable<TFilaMuestra['cambios']>[number]>;

/** A yes/no field (Controla lotes, Venta bajo fórmula) as the file writes it, for the preview's "now" values. */
const siNo = (v: string | number | boolean | null): string | number | null => (typeof v === 'boolean' ? (v ? MI.si : MI.no) : v);

// ── A row ───────────────────────────────────────────────────────────────────────────────────

type Valores = Omit<CamposImportables, 'nombre' | 'codigoBarras' | 'precioUnit' | 'impuesto'> & {
  nombre: string;
  codigoBarras: string | null;
  precio?: number;
  impuesto?: TImpuesto;
  stock?: number;
};

type FilaProducto = FilaPlan<AltaImportada, CambioImportado>;

/** A field checked by the product's own rule (shared/schemas/producto.ts), named as the import names it. */
function deLaLista(campo: Generico, como: TCampoProducto, valor: string): { valor: unknown } | { error: string } {
  const r = ZProductoBase.shape[campo].safeParse(valor);
  if (!r.success) return { error: `${MI.campos[como as keyof typeof MI.campos] ?? M.productos.campos[como as keyof typeof M.productos.campos] ?? como}: ${r.error.issues[0]?.message ?? M.generic.validation}` };
  return { valor: r.data ?? '' };
}

// ── The plan ────────────────────────────────────────────────────────────────────────────────

/** Each row of a file of products, checked and matched with the store's catalogue; nothing is written. */
export async function planificarProductos(options: { db: Db; tiendaId: number; autor: Autor; tabla: Tabla; mapeo?: TMapeo }) {
  const { db, tiendaId, autor, tabla } = options;
  const mapeo = options.mapeo ?? adivinarMapeo(tabla.columnas, SINONIMOS_PRODUCTO);
  const idx = validarMapeo<TCampoProducto>('productos', tabla.columnas, mapeo);

  const [productos, proveedores, puedeProductos, puedePrecios, puedeStock, puedeCostos] = await Promise.all([
    productosImportables(db, tiendaId),
    opcionesProveedores({ db, tiendaId }),
    puede(db, tiendaId, autor, 'productos'),
    puede(db, tiendaId, autor, 'precios'),
    puede(db, tiendaId, autor, 'stock'),
    // Costs are seen and set by who may see reports (compras/costo.domain.ts).
    puede(db, tiendaId, autor, 'reportes'),
  ]);
  const porCodigo = new Map(productos.filter((p) => p.codigoBarras).map((p) => [p.codigoBarras!, p]));
  const porNombre = new Map<string, typeof productos>();
  for (const p of productos) porNombre.set(p.nombre, [...(porNombre.get(p.nombre) ?? []), p]);
  const proveedorPorNombre = new Map(proveedores.map((p) => [sinTildes(p.nombre.trim()), p.id]));
  const nombreProveedor = new Map(proveedores.map((p) => [p.id, p.nombre]));

  const codigosVistos = new Map<string, number>();
  const nombresVistos = new Map<string, number>();
  const filas: FilaProducto[] = [];

  for (const { fila, celdas } of tabla.filas) {
    const errores: string[] = [];
    const { celda, lleno } = celdasDe(idx, celdas);
    const v: Partial<Valores> = {};

    // The name: the product's rule.
    const nombre = ZProductoBase.shape.nombre.safeParse(texto(celda('nombre')));
    if (!nombre.success) errores.push(texto(celda('nombre')) === '' ? MI.fila.nombreVacio : `${MI.campos.nombre}: ${nombre.error.issues[0]?.message}`);
    else v.nombre = nombre.data;

    v.codigoBarras = null;
    // Excel shows a long number as 7,70999E+12 and saves it so in a CSV: its digits are gone (issue #52 point 6).
    if (lleno('codigoBarras') && CIENTIFICO.test(texto(celda('codigoBarras')))) errores.push(MI.fila.codigoCientifico(texto(celda('codigoBarras'))));
    else if (lleno('codigoBarras')) {
      const cod = ZProductoBase.shape.codigoBarras.safeParse(texto(celda('codigoBarras')));
      if (!cod.success) errores.push(`${MI.campos.codigoBarras}: ${cod.error.issues[0]?.message}`);
      else v.codigoBarras = cod.data ?? null;
    }
    for (const [campo, max] of [
      ['precio', LIMITES_DINERO.maxPrecio],
      ['costo', LIMITES_DINERO.maxPrecio],
      ['stock', MAX_STOCK],
      ['stockMin', MAX_INT4],
    ] as const) {
      if (!lleno(campo)) continue;
      const n = (campo === 'stock' ? cantidad : entero)(celda(campo)!, MI.campos[campo], max);
      if (typeof n === 'string') errores.push(n);
      else v[campo] = n;
    }
    for (const { campo, como } of DE_LA_LISTA) {
      if (!lleno(como)) continue;
      const t = deLaLista(campo, como, texto(celda(como)));
      if ('valor' in t) (v as Record<string, unknown>)[campo] = t.valor;
      else errores.push(t.error);
    }
    if (lleno('impuesto')) {
      const imp = IMPUESTOS_ESCRITOS[clave(texto(celda('impuesto')))];
      if (imp === undefined) errores.push(MI.fila.impuestoInvalido(texto(celda('impuesto'))));
      else v.impuesto = imp;
    }
    if (lleno('unidad')) {
      const u = UNIDADES_ESCRITAS[claveUnidad(texto(celda('unidad')))];
      if (u === undefined) errores.push(MI.fila.unidadInvalida(texto(celda('unidad'))));
      else if (u === 'libra') errores.push(MI.fila.libra);
      else v.unidadDian = u;
    }
    if (v.costo !== undefined && !puedeCostos) errores.push(MI.fila.sinPermisoCostos);
    if (lleno('proveedor')) {
      const nombreProv = texto(celda('proveedor'));
      const id = proveedorPorNombre.get(sinTildes(nombreProv));
      if (id === undefined) errores.push(MI.fila.proveedorNoExiste(nombreProv));
      else v.proveedorId = id;
    }

    // Which product it is: by barcode, or by exact name when the row has none; once per file.
    let existente: (typeof productos)[number] | undefined;
    if (v.codigoBarras) {
      const antes = codigosVistos.get(v.codigoBarras);
      if (antes !== undefined) errores.push(MI.fila.codigoRepetido(antes));
      else codigosVistos.set(v.codigoBarras, fila);
      existente = porCodigo.get(v.codigoBarras);
    } else if (v.nombre) {
      const antes = nombresVistos.get(v.nombre);
      if (antes !== undefined) errores.push(MI.fila.nombreRepetido(antes));
      else nombresVistos.set(v.nombre, fila);
      const candidatos = porNombre.get(v.nombre) ?? [];
      if (candidatos.length > 1) errores.push(MI.fila.nombreAmbiguo);
      existente = candidatos[0];
    }
    if (!puedeProductos) errores.push(MI.fila.sinPermisoProductos);

    // A product sold by unit keeps a whole stock (ADR 030): the row's unit, else the product's.
    if (v.stock !== undefined && !Number.isInteger(v.stock) && porUnidad(v.unidadDian ?? existente?.unidadDian)) errores.push(MI.fila.stockEntero);

    // Every column that will be written (issue #52 point 6); the stock in the unit the product will have.
    const muestra: FilaProducto['muestra'] = {
      nombre: v.nombre ?? '',
      codigoBarras: v.codigoBarras ?? null,
      precio: v.precio ?? null,
      stock: v.stock ?? null,
      costo: v.costo ?? null,
      impuesto: v.impuesto ?? null,
      unidad: v.unidadDian ?? existente?.unidadDian ?? null,
      stockMin: v.stockMin ?? null,
      categoria: v.categoria ?? null,
      marca: v.marca ?? null,
      presentacion: v.presentacion ?? null,
      descripcion: v.descripcion ?? null,
      proveedor: v.proveedorId != null ? (nombreProveedor.get(v.proveedorId) ?? null) : null,
    };
    const plan: FilaProducto = { fila, accion: 'error', errores, muestra };
    if (errores.length === 0 && v.nombre) {
      if (!existente) {
        if (v.precio === undefined) errores.push(MI.fila.precioVacio);
        // A new product's first price and opening stock need what a price and a stock change need (issue #51 point 4).
        else if (!puedePrecios) errores.push(MI.fila.sinPermisoPrecios);
        else if ((v.stock ?? 0) !== 0 && !puedeStock) errores.push(MI.fila.sinPermisoStock);
        else {
          plan.accion = 'nuevo';
          const { precio, stock, ...resto } = v;
          plan.alta = { ...resto, nombre: v.nombre, precioUnit: precio, stock: stock ?? 0 };
        }
      } else {
        // Only what the row says and the product does not have already.
        const campos: CamposImportables = {};
        if (v.nombre !== existente.nombre) campos.nombre = v.nombre;
        if (v.precio !== undefined && v.precio !== existente.precioUnit) campos.precioUnit = v.precio;
        if (v.stockMin !== undefined && v.stockMin !== existente.stockMin) campos.stockMin = v.stockMin;
        for (const { campo: k } of DE_LA_LISTA) if (v[k] !== undefined && v[k] !== existente[k]) (campos as Record<string, unknown>)[k] = v[k];
        if (v.proveedorId !== undefined && v.proveedorId !== existente.proveedorId) campos.proveedorId = v.proveedorId;
        if (v.costo !== undefined && v.costo !== existente.costo) campos.costo = v.costo;
        if (v.impuesto !== undefined && v.impuesto !== existente.impuesto) campos.impuesto = v.impuesto;
        if (v.unidadDian !== undefined && v.unidadDian !== existente.unidadDian) campos.unidadDian = v.unidadDian;
        const stock = v.stock !== undefined && v.stock !== existente.stock ? v.stock : undefined;
        // The cells that change, marked in the preview with what the product holds now.
        const cambios = [...Object.keys(campos).map((k) => COLUMNA_MUESTRA[k as keyof CamposImportables]), ...(stock !== undefined ? ['stock' as const] : [])];
        if (cambios.length) {
          muestra.cambios = cambios;
          const ahora = { ...existente, proveedor: existente.proveedorId == null ? null : (nombreProveedor.get(existente.proveedorId) ?? null) };
          muestra.antes = Object.fromEntries(
            Object.entries(COLUMNA_MUESTRA).flatMap(([k, c]) => (cambios.includes(c) ? [[c, c === 'proveedor' ? ahora.proveedor : siNo(ahora[k as keyof TProductoImportable] ?? null)]] : [])),
          );
          if (stock !== undefined) muestra.antes.stock = existente.stock;
        }
        // A unit change is a price change (issue #51 point 4).
        if ((campos.precioUnit !== undefined || campos.unidadDian !== undefined) && !puedePrecios) errores.push(MI.fila.sinPermisoPrecios);
        if (stock !== undefined && !puedeStock) errores.push(MI.fila.sinPermisoStock);
        // A cost already set is changed like a price.
        if (campos.costo !== undefined && existente.costo != null && !puedePrecios) errores.push(MI.fila.sinPermisoCostos);
        if (errores.length === 0) {
          if (Object.keys(campos).length === 0 && stock === undefined) plan.accion = 'igual';
          else {
            plan.accion = 'actualizar';
            plan.cambio = { id: existente.idProducto, campos, ...(stock !== undefined ? { stock } : {}) };
          }
        }
      }
    }
    filas.push(plan);
  }
  return { columnas: tabla.columnas, mapeo, filas };
}

/** The product's domain writes the rows that pass, in one transaction. */
export const escribirProductos =
  (options: { db: Db; tiendaId: number; autor: Autor }) =>
  (altas: AltaImportada[], cambios: CambioImportado[], alAvanzar?: (hechas: number, total: number) => void | Promise<void>) =>
    importarProductos({ ...options, altas, cambios, motivo: MI.motivoMovimiento, alAvanzar });
