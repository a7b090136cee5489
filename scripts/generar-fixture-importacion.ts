/**
 * Writes the import's test fixtures (issue #33): a 10 000-row product list as Excel in Spanish saves
 * it — `;` between cells, decimal commas and dot thousands, accents — once in Windows-1252 (Excel's
 * plain "CSV delimitado" in es-CO) and once in UTF-8 with a byte-order mark ("CSV UTF-8"). A few rows
 * carry the mistakes a real list has; `ERRORES_ESPERADOS` counts them for the tests.
 *
 *   npx tsx scripts/generar-fixture-importacion.ts
 */
import fs from 'node:fs';
import path from 'node:path';

export const FILAS = 10_000;
export const DIR = path.resolve(import.meta.dirname, '..', 'tests', 'fixtures', 'importacion');
export const PROVEEDORES = ['Distribuidora Andina', 'Lácteos del Campo'];

const NOMBRES = ['Café molido', 'Azúcar morena', 'Panela redonda', 'Jabón de coco', 'Limón Tahití', 'Piña oro miel', 'Ñame espino', 'Champú de sábila', 'Arepa de maíz', 'Aceite de girasol', 'Galletas de avena', 'Bocadillo veleño'];
const CATEGORIAS = ['Granos', 'Aseo', 'Lácteos', 'Panadería', 'Fruver', 'Bebidas'];
const MARCAS = ['Colombina', 'Alpina', 'La Niña; Ltda', 'Doña Gallina', '"El Sol"'];

/** Dot thousands, as Excel in Spanish shows an amount: 12.500 */
const miles = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const celda = (s: string) => (/[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Which rows are wrong, and why (row numbers as the spreadsheet shows them: the headers are row 1). */
export function errorDe(i: number): 'precio' | 'nombre' | 'stock' | 'proveedor' | 'codigo' | null {
  if (i % 1000 === 999) return 'precio';
  if (i % 2500 === 1234) return 'nombre';
  if (i % 5000 === 77) return 'stock';
  if (i % 3333 === 5) return 'proveedor';
  if (i === 4321) return 'codigo';
  return null;
}
export const ERRORES_ESPERADOS = Array.from({ length: FILAS }, (_, i) => errorDe(i)).filter(Boolean).length;

export const ENCABEZADOS = ['Código', 'Nombre', 'Precio', 'Stock', 'Stock mínimo', 'Categoría', 'Marca', 'Proveedor'];

/** The rows' cells as Excel would write them. */
export function filas(): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < FILAS; i++) {
    const error = errorDe(i);
    // Half the rows carry a barcode; the others are matched by their exact name. Row 4321 repeats row 10's code.
    const codigo = error === 'codigo' ? '7701000000100' : i % 2 === 0 ? String(7701000000000 + i * 10) : '';
    const nombre = error === 'nombre' ? '' : `${NOMBRES[i % NOMBRES.length]} ${i % 7 === 0 ? '500 g' : '1 und'} n.º ${i}`;
    const precioN = 500 + ((i * 37) % 400) * 100;
    // Most amounts with dot thousands, some with ",00" (Excel's currency format), some bare.
    const precio = error === 'precio' ? 'doce mil' : i % 5 === 0 ? `${miles(precioN)},00` : i % 5 === 1 ? String(precioN) : miles(precioN);
    const stock = error === 'stock' ? '-3' : miles((i * 13) % 1500);
    const proveedor = error === 'proveedor' ? 'Proveedor Fantasma' : i % 3 === 0 ? PROVEEDORES[i % 2]! : '';
    out.push([codigo, nombre, precio, stock, String(i % 20), CATEGORIAS[i % CATEGORIAS.length]!, MARCAS[i % MARCAS.length]!, proveedor]);
  }
  return out;
}

export function textoCsv(): string {
  return [ENCABEZADOS, ...filas()].map((r) => r.map(celda).join(';')).join('\r\n') + '\r\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.mkdirSync(DIR, { recursive: true });
  const texto = textoCsv();
  // Every character of the fixture is in Latin-1's printable range, where Windows-1252 agrees with it.
  if (/[^\x20-\x7e\u00a0-\u00ff\r\n]/.test(texto)) throw new Error('carácter fuera de Windows-1252');
  fs.writeFileSync(path.join(DIR, 'productos-10000-windows-1252.csv'), Buffer.from(texto, 'latin1'));
  fs.writeFileSync(path.join(DIR, 'productos-10000-utf8-bom.csv'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(texto, 'utf8')]));
  console.log(`${FILAS} filas (${ERRORES_ESPERADOS} con errores) en ${DIR}`);
}
