import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { descargaComo, exportarTabla, tablaCsv, type ColumnaExport } from './exportar';

interface Fila {
  nombre: string;
  precio: number;
  peso: number;
  vence: string | null;
  hora: string;
}
const COLUMNAS: ColumnaExport<Fila>[] = [
  { titulo: 'Nombre', valor: (f) => f.nombre },
  { titulo: 'Precio', tipo: 'numero', valor: (f) => f.precio },
  { titulo: 'Peso (kg)', tipo: 'numero', valor: (f) => f.peso },
  { titulo: 'Vence', tipo: 'fecha', valor: (f) => f.vence },
  { titulo: 'Fecha', tipo: 'fecha', valor: (f) => f.hora },
];
const FILAS: Fila[] = [
  { nombre: 'Arroz Diana; 500 g', precio: 2800, peso: 0.375, vence: '2026-03-09', hora: '2026-11-25 08:05:09' },
  { nombre: '=SUMA(A1)', precio: 1234567, peso: 12, vence: null, hora: '2026-01-02 23:59:00' },
  { nombre: 'Café "Sello Rojo"\nmolido', precio: 0, peso: 1.5, vence: '2027-12-31', hora: '2026-12-31 00:00:00' },
];

describe('exportar a CSV para Excel en español', () => {
  it('BOM, punto y coma, coma decimal, dd/mm/aaaa, fórmulas como texto y comillas escapadas', () => {
    const csv = tablaCsv(COLUMNAS, FILAS);
    expect(csv.startsWith('\uFEFFNombre;Precio;Peso (kg);Vence;Fecha\r\n')).toBe(true);
    const lineas = csv.slice(1).split('\r\n');
    expect(lineas[1]).toBe('"Arroz Diana; 500 g";2800;0,375;09/03/2026;25/11/2026 08:05');
    expect(lineas[2]).toBe("'=SUMA(A1);1234567;12;;02/01/2026 23:59");
    expect(lineas[3]).toBe('"Café ""Sello Rojo""\nmolido";0;1,5;31/12/2027;31/12/2026 00:00');
    expect(lineas.at(-1)).toBe('');
  });
});

describe('exportar a XLSX', () => {
  it('números como números y fechas como fechas dd/mm/aaaa, con la cabecera', async () => {
    const r = await exportarTabla({ formato: 'xlsx', columnas: COLUMNAS, filas: FILAS, nombre: 'productos', hoja: 'Productos' });
    expect(r.archivo).toBe('productos.xlsx');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(r.contenido as unknown as ArrayBuffer);
    const ws = libro.getWorksheet('Productos')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Nombre', 'Precio', 'Peso (kg)', 'Vence', 'Fecha']);
    expect(ws.getCell('B3').value).toBe(1234567);
    expect(ws.getCell('C2').value).toBe(0.375);
    expect((ws.getCell('D2').value as Date).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(ws.getCell('D2').numFmt).toBe('dd/mm/yyyy');
    expect(ws.getCell('D3').value).toBeNull();
    expect(ws.getCell('A3').value).toBe('=SUMA(A1)');
  });

  it('el nombre del archivo llega en ASCII y en UTF-8', () => {
    expect(descargaComo('catálogo 25-11.csv')).toBe(`attachment; filename="catalogo 25-11.csv"; filename*=UTF-8''cat%C3%A1logo%2025-11.csv`);
  });
});
