/**
 * The import's template (issue #52 point 6): a file whose headers are exactly the columns the import
 * recognises — each field's Spanish label, which its planner guesses back from the headers — and one
 * example row written as the import reads it ("12,5" kg, "Exento (0 %)"), so a shop sees what goes
 * where before it fills its own. The same table as CSV (Excel in Spanish) or XLSX, through the
 * exports' writer; in the XLSX the code and document columns are text, so Excel keeps every digit.
 */
import { M } from '#shared/messages';
import { CAMPOS_IMPORTACION, type TEntidadImportacion } from '#shared/schemas/importacion';
import type { TFormatoExport } from '#shared/schemas/exportacion';
import { exportarTabla, type ColumnaExport } from '../../lib/exportar';

const MI = M.importacion;

type Ejemplo = Record<string, string | number>;

/** Each kind's example row, under its fields (a field left out is an empty cell: the supplier must exist in the store). */
const EJEMPLOS: Record<TEntidadImportacion, Ejemplo> = {
  productos: {
    nombre: 'Queso costeño',
    codigoBarras: '7707123450018',
    precio: 24_000,
    costo: 18_000,
    impuesto: M.impuestos.nombres.exento,
    unidad: 'kg',
    stock: 12.5,
    stockMin: 2,
    categoria: 'Lácteos',
    marca: 'La Finca',
    presentacion: 'Bloque',
    descripcion: 'Queso fresco por kilo',
    manejaLotes: MI.no,
    bajoFormula: MI.no,
  },
  clientes: {
    documento: '1020304050',
    tipoDocumento: 'CC',
    nombre: 'María José',
    apellido: 'Pérez Gómez',
    correo: 'maria@correo.co',
    telefono: '3001234567',
    fiado: MI.si,
    cupo: 150_000,
    plazoFiado: 30,
  },
  proveedores: {
    nombre: 'Distribuidora Andina',
    telefono: '6012345678',
    email: 'ventas@andina.co',
    documento: '900123456',
    direccion: 'Calle 10 # 20-30',
  },
};

/** Columns whose digits Excel must keep as written (never 7,70712E+12). */
const COMO_TEXTO = new Set(['codigoBarras', 'documento', 'telefono']);

/** The columns of a kind's template, in the mapping's order. */
export function columnasPlantilla(entidad: TEntidadImportacion): ColumnaExport<Ejemplo>[] {
  return CAMPOS_IMPORTACION[entidad].map((campo) => {
    const ejemplo = EJEMPLOS[entidad][campo];
    return {
      // A field without an import label of its own is named as the product's forms name it.
      titulo: MI.campos[campo as keyof typeof MI.campos] ?? M.productos.campos[campo as keyof typeof M.productos.campos] ?? campo,
      ...(typeof ejemplo === 'number' ? { tipo: 'numero' as const } : {}),
      ...(COMO_TEXTO.has(campo) ? { comoTexto: true } : {}),
      valor: (fila: Ejemplo) => fila[campo],
    };
  });
}

/** The template as a file to download. */
export function plantilla(entidad: TEntidadImportacion, formato: TFormatoExport) {
  return exportarTabla({ formato, columnas: columnasPlantilla(entidad), filas: [EJEMPLOS[entidad]], nombre: MI.plantillaArchivo(M.exportacion.archivos[entidad]), hoja: M.exportacion.hojas[entidad] });
}
