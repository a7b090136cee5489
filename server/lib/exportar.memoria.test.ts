import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Issue #55 point 5: an XLSX of a year's catalogue (100 000 products), or of a month's report by
 * product, was built whole in memory (~2 KB a cell) and ran the embedded server out of its heap
 * (`npm start`: 256 MB), ending it. Written row by row it fits a heap a fraction of that size: here a
 * process with 96 MB of heap writes 40 000 rows of eight columns, and the file is whole.
 */
const GUION = `
import { tablaXlsx } from './server/lib/exportar.ts';
const columnas = [
  { titulo: 'Nombre', valor: (f) => f.nombre },
  { titulo: 'Código', comoTexto: true, valor: (f) => f.codigo },
  { titulo: 'Precio', tipo: 'numero', valor: (f) => f.precio },
  { titulo: 'Costo', tipo: 'numero', valor: (f) => f.costo },
  { titulo: 'Existencias', tipo: 'numero', valor: (f) => f.stock },
  { titulo: 'Categoría', valor: (f) => f.categoria },
  { titulo: 'Proveedor', valor: (f) => f.proveedor },
  { titulo: 'Actualizado', tipo: 'fecha', valor: (f) => f.fecha },
];
function* filas() {
  for (let i = 0; i < 40000; i++)
    yield { nombre: 'Producto de la tienda número ' + i, codigo: String(7700000000000 + i), precio: 1000 + i, costo: 800 + i, stock: i % 97, categoria: 'Categoría ' + (i % 40), proveedor: 'Proveedor ' + (i % 25), fecha: '2026-11-' + String(1 + (i % 28)).padStart(2, '0') };
}
const libro = await tablaXlsx(columnas, filas(), 'Productos');
process.stdout.write(JSON.stringify({ bytes: libro.length, zip: libro.subarray(0, 2).toString('latin1') }));
`;

describe('un XLSX grande no agota la memoria del servidor', () => {
  it('40 000 filas de ocho columnas con 96 MB de montón', { timeout: 240_000 }, () => {
    const r = spawnSync(process.execPath, ['--max-old-space-size=96', '--import', 'tsx', '--input-type=module', '-e', GUION], { encoding: 'utf8', timeout: 200_000 });
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
    const salida = JSON.parse(r.stdout) as { bytes: number; zip: string };
    expect(salida.zip).toBe('PK');
    expect(salida.bytes).toBeGreaterThan(500_000);
  });
});
