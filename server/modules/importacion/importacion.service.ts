/**
 * The catalogue's import (issue #33 point 1): a file of products is read (leer-archivo.ts), each row
 * is checked and matched with the store's products — by barcode, or by exact name when the row has
 * none — and the preview says what each row would do and why a row cannot be imported, before
 * anything is written. Applying does the same reading again (the server keeps no file between
 * requests) and hands the rows that pass to the product's domain (`importarProductos`), which owns
 * the writes: permissions, price history, the ledger. A row identical to its product changes
 * nothing, so importing the same file twice writes nothing the second time.
 */
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { LIMITES_DINERO } from '#shared/money';
import { CAMPOS_PRODUCTO, type TAccionFila, type TCampoProducto, type TMapeo, type TResumenImportacion, type TVistaPrevia } from '#shared/schemas/importacion';
import { ZProductoBase } from '#shared/schemas/producto';
import { sinTildes } from '#shared/texto';
import type { Db } from '../../db/client';
import type { Autor } from '../actividad/actividad.domain';
import { importarProductos, productosImportables, type AltaImportada, type CambioImportado, type CamposImportables } from '../producto/producto.domain';
import { opcionesProveedores } from '../proveedor/proveedor.domain';
import { conRechazos, exigirPermiso, puede } from '../tienda/permisos';
import { leerArchivo, numeroEs, type Celda, type Tabla } from './leer-archivo';

const MI = M.importacion;
const MAX_INT4 = 2_147_483_647;
const MAX_ERRORES = 500;
const MAX_MUESTRA = 20;

// ── The mapping ─────────────────────────────────────────────────────────────────────────────

const clave = (s: string) => sinTildes(s).replace(/[^a-z0-9]/g, '');

/** Headers a shop's spreadsheet or another POS uses for each field (compared without accents, case or spaces). */
const SINONIMOS: Record<TCampoProducto, string[]> = {
  nombre: ['nombre', 'producto', 'nombredelproducto', 'nombreproducto', 'articulo', 'item'],
  codigoBarras: ['codigodebarras', 'codigobarras', 'codigo', 'codbarras', 'ean', 'barcode', 'plu', 'referencia'],
  precio: ['precio', 'preciodeventa', 'precioventa', 'preciounitario', 'preciounit', 'pvp', 'valor'],
  stock: ['stock', 'cantidad', 'existencias', 'existencia', 'inventario'],
  stockMin: ['stockminimo', 'stockmin', 'minimo', 'cantidadminima'],
  categoria: ['categoria', 'grupo', 'familia', 'linea'],
  marca: ['marca'],
  presentacion: ['presentacion'],
  descripcion: ['descripcion', 'detalle'],
  proveedor: ['proveedor', 'nombreproveedor'],
};

/** A field → column guess from the headers. */
export function adivinarMapeo(columnas: string[]): TMapeo {
  const claves = columnas.map(clave);
  const usadas = new Set<number>();
  const mapeo: TMapeo = {};
  for (const campo of CAMPOS_PRODUCTO) {
    for (const s of SINONIMOS[campo]) {
      const i = claves.findIndex((c, j) => c === s && !usadas.has(j));
      if (i >= 0) {
        mapeo[campo] = columnas[i]!;
        usadas.add(i);
        break;
      }
    }
  }
  return mapeo;
}

/** The mapping asked for, checked against the file: every named column exists; the name is mapped. */
function validarMapeo(columnas: string[], mapeo: TMapeo): Partial<Record<TCampoProducto, number>> {
  const indices: Partial<Record<TCampoProducto, number>> = {};
  for (const campo of CAMPOS_PRODUCTO) {
    const col = mapeo[campo];
    if (col == null || col === '') continue;
    const i = columnas.indexOf(col);
    if (i < 0) throw new AppError('VALIDATION', MI.columnaInexistente(col));
    indices[campo] = i;
  }
  if (indices.nombre === undefined) throw new AppError('VALIDATION', MI.sinNombre);
  return indices;
}

// ── A row ───────────────────────────────────────────────────────────────────────────────────

interface Valores {
  nombre: string;
  codigoBarras: string | null;
  precio?: number;
  stock?: number;
  stockMin?: number;
  categoria?: string;
  marca?: string;
  presentacion?: string;
  descripcion?: string;
  proveedorId?: number;
}

interface FilaPlan {
  fila: number;
  accion: TAccionFila;
  errores: string[];
  valores: Partial<Valores>;
  alta?: AltaImportada;
  cambio?: CambioImportado;
}

const texto = (c: Celda | undefined): string => (c == null ? '' : typeof c === 'number' ? (Number.isInteger(c) ? String(c) : String(c).replace('.', ',')) : c.trim());

/** A whole number within [0, max] from a cell, or the row's error. */
function entero(c: Celda, campo: string, max: number): number | string {
  const n = numeroEs(c);
  if (n == null) return MI.fila.numeroInvalido(campo, texto(c));
  if (!Number.isInteger(n)) return MI.fila.noEntero(campo);
  if (n < 0) return MI.fila.negativo(campo);
  if (n > max) return MI.fila.muyGrande(campo);
  return n;
}

/** A text field checked by the product's own rule (shared/schemas/producto.ts). */
function textoProducto(campo: 'categoria' | 'marca' | 'presentacion' | 'descripcion', valor: string): string | { error: string } {
  const r = ZProductoBase.shape[campo].safeParse(valor);
  if (!r.success) return { error: `${MI.campos[campo]}: ${r.error.issues[0]?.message ?? M.generic.validation}` };
  return r.data ?? '';
}

// ── The plan ────────────────────────────────────────────────────────────────────────────────

interface Plan {
  columnas: string[];
  mapeo: TMapeo;
  filas: FilaPlan[];
}

async function planificar(options: { db: Db; tiendaId: number; autor: Autor; tabla: Tabla; mapeo?: TMapeo }): Promise<Plan> {
  const { db, tiendaId, autor, tabla } = options;
  const mapeo = options.mapeo ?? adivinarMapeo(tabla.columnas);
  const idx = validarMapeo(tabla.columnas, mapeo);

  const [productos, proveedores, puedeProductos, puedePrecios, puedeStock] = await Promise.all([
    productosImportables(db, tiendaId),
    opcionesProveedores({ db, tiendaId }),
    puede(db, tiendaId, autor, 'productos'),
    puede(db, tiendaId, autor, 'precios'),
    puede(db, tiendaId, autor, 'stock'),
  ]);
  const porCodigo = new Map(productos.filter((p) => p.codigoBarras).map((p) => [p.codigoBarras!, p]));
  const porNombre = new Map<string, typeof productos>();
  for (const p of productos) porNombre.set(p.nombre, [...(porNombre.get(p.nombre) ?? []), p]);
  const proveedorPorNombre = new Map(proveedores.map((p) => [sinTildes(p.nombre.trim()), p.id]));

  const codigosVistos = new Map<string, number>();
  const nombresVistos = new Map<string, number>();
  const filas: FilaPlan[] = [];

  for (const { fila, celdas } of tabla.filas) {
    const errores: string[] = [];
    const celda = (campo: TCampoProducto) => (idx[campo] === undefined ? undefined : celdas[idx[campo]!]);
    const lleno = (campo: TCampoProducto) => texto(celda(campo)) !== '';
    const v: Partial<Valores> = {};

    // The name: the product's rule.
    const nombre = ZProductoBase.shape.nombre.safeParse(texto(celda('nombre')));
    if (!nombre.success) errores.push(texto(celda('nombre')) === '' ? MI.fila.nombreVacio : `${MI.campos.nombre}: ${nombre.error.issues[0]?.message}`);
    else v.nombre = nombre.data;

    v.codigoBarras = null;
    if (lleno('codigoBarras')) {
      const cod = ZProductoBase.shape.codigoBarras.safeParse(texto(celda('codigoBarras')));
      if (!cod.success) errores.push(`${MI.campos.codigoBarras}: ${cod.error.issues[0]?.message}`);
      else v.codigoBarras = cod.data ?? null;
    }
    for (const [campo, max] of [
      ['precio', LIMITES_DINERO.maxPrecio],
      ['stock', MAX_INT4],
      ['stockMin', MAX_INT4],
    ] as const) {
      if (!lleno(campo)) continue;
      const n = entero(celda(campo)!, MI.campos[campo], max);
      if (typeof n === 'string') errores.push(n);
      else v[campo] = n;
    }
    for (const campo of ['categoria', 'marca', 'presentacion', 'descripcion'] as const) {
      if (!lleno(campo)) continue;
      const t = textoProducto(campo, texto(celda(campo)));
      if (typeof t === 'string') v[campo] = t;
      else errores.push(t.error);
    }
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

    const plan: FilaPlan = { fila, accion: 'error', errores, valores: v };
    if (errores.length === 0 && v.nombre) {
      if (!existente) {
        if (v.precio === undefined) errores.push(MI.fila.precioVacio);
        else {
          plan.accion = 'nuevo';
          plan.alta = {
            nombre: v.nombre,
            precioUnit: v.precio,
            stock: v.stock ?? 0,
            stockMin: v.stockMin,
            categoria: v.categoria,
            marca: v.marca,
            presentacion: v.presentacion,
            descripcion: v.descripcion,
            codigoBarras: v.codigoBarras,
            proveedorId: v.proveedorId,
          };
        }
      } else {
        // Only what the row says and the product does not have already.
        const campos: CamposImportables = {};
        if (v.nombre !== existente.nombre) campos.nombre = v.nombre;
        if (v.precio !== undefined && v.precio !== existente.precioUnit) campos.precioUnit = v.precio;
        if (v.stockMin !== undefined && v.stockMin !== existente.stockMin) campos.stockMin = v.stockMin;
        for (const k of ['categoria', 'marca', 'presentacion', 'descripcion'] as const) if (v[k] !== undefined && v[k] !== existente[k]) campos[k] = v[k];
        if (v.proveedorId !== undefined && v.proveedorId !== existente.proveedorId) campos.proveedorId = v.proveedorId;
        const stock = v.stock !== undefined && v.stock !== existente.stock ? v.stock : undefined;
        if (campos.precioUnit !== undefined && !puedePrecios) errores.push(MI.fila.sinPermisoPrecios);
        if (stock !== undefined && !puedeStock) errores.push(MI.fila.sinPermisoStock);
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

function resumir(filas: FilaPlan[]): TResumenImportacion {
  const cuenta = (a: TAccionFila) => filas.filter((f) => f.accion === a).length;
  return { total: filas.length, nuevos: cuenta('nuevo'), actualizados: cuenta('actualizar'), sinCambios: cuenta('igual'), conError: cuenta('error') };
}

const bytesDe = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

// ── The two steps ───────────────────────────────────────────────────────────────────────────

/** What importing the file would do, row by row; nothing is written. */
export async function vistaPreviaProductos(options: { db: Db; tiendaId: number; autor: Autor; archivo: string; mapeo?: TMapeo }): Promise<TVistaPrevia> {
  const tabla = await leerArchivo(bytesDe(options.archivo));
  const plan = await planificar({ ...options, tabla });
  const errores = plan.filas.filter((f) => f.accion === 'error').slice(0, MAX_ERRORES).map((f) => ({ fila: f.fila, mensajes: f.errores }));
  return {
    columnas: plan.columnas,
    mapeo: plan.mapeo,
    resumen: resumir(plan.filas),
    errores,
    muestra: plan.filas.slice(0, MAX_MUESTRA).map((f) => ({
      fila: f.fila,
      accion: f.accion,
      nombre: f.valores.nombre ?? '',
      codigoBarras: f.valores.codigoBarras ?? null,
      precio: f.valores.precio ?? null,
      stock: f.valores.stock ?? null,
    })),
  };
}

/**
 * Reads and checks the file (a refusal of the file itself is thrown before anything is written),
 * then returns the write to run: the rows that pass, in one transaction of the product's domain.
 */
export async function prepararImportacionProductos(options: { db: Db; tiendaId: number; autor: Autor; archivo: string; mapeo?: TMapeo }) {
  // Who may not create or edit products is refused at once (403, recorded), not row by row.
  await conRechazos(options.db, () => exigirPermiso(options.db, options.tiendaId, options.autor, 'productos', { entidad: 'producto' }));
  const tabla = await leerArchivo(bytesDe(options.archivo));
  const plan = await planificar({ ...options, tabla });
  const resumen = resumir(plan.filas);
  const altas = plan.filas.flatMap((f) => (f.alta ? [f.alta] : []));
  const cambios = plan.filas.flatMap((f) => (f.cambio ? [f.cambio] : []));
  return {
    resumen,
    total: altas.length + cambios.length,
    aplicar: async (alAvanzar?: (hechas: number, total: number) => void | Promise<void>): Promise<TResumenImportacion> => {
      await importarProductos({ db: options.db, tiendaId: options.tiendaId, autor: options.autor, altas, cambios, motivo: MI.motivoMovimiento, alAvanzar });
      return resumen;
    },
  };
}
