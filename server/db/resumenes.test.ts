import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTADORES, RESUMEN_IMPUESTO_DIA, RESUMEN_PAGO_DIA, RESUMENES_DE_VENTAS, tablaAcumulada, tablaDe } from './resumenes';
import { leerFuentes } from './fuentes';
import { archivosGenerados } from './resumenes-sql';
import {
  resumenImpuestoDia,
  resumenListaDia,
  resumenPagoDia,
  resumenPagoMes,
  resumenProductoDia,
  resumenProductoMes,
  resumenVentaDia,
  resumenVentaMes,
  ventaConteo,
  ventaProductoResumen,
  ventaResumenCantidad,
} from './schema';
import { getTableConfig } from 'drizzle-orm/pg-core';

// The summaries' functions are generated from their declaration (issue #54 point 2, ADR 066) and are
// not files (ADR 081): migrate() reads them from the generator (server/db/fuentes.ts).
const carpeta = path.join(__dirname, 'functions');

describe('the summaries declared once (server/db/resumenes.ts)', () => {
  it('no generated function has a file: its one source is the declaration and the generator', () => {
    const generados = Object.keys(archivosGenerados());
    expect(generados.length).toBeGreaterThanOrEqual(6);
    expect(generados.filter((f) => fs.existsSync(path.join(carpeta, f))), 'a file would be a second copy (ADR 081)').toEqual([]);
  });

  it('no hand-written file says it is generated', () => {
    const marcados = fs.readdirSync(carpeta).filter((f) => f.endsWith('.sql') && /^-- Generated\b/.test(fs.readFileSync(path.join(carpeta, f), 'utf8')));
    expect(marcados).toEqual([]);
  });

  it('migrate() reads every generated function beside the files, under its own name', () => {
    const leidas = new Map(leerFuentes(path.join(__dirname, 'migrations')).map((f) => [f.archivo, f.texto]));
    for (const [archivo, texto] of Object.entries(archivosGenerados())) expect(leidas.get(`functions/${archivo}`), archivo).toBe(texto);
  });

  it('each declared summary names its table\'s columns, every one of them', () => {
    const tablas = new Map(
      [resumenVentaDia, resumenVentaMes, resumenProductoDia, resumenProductoMes, resumenListaDia, resumenPagoDia, resumenPagoMes, resumenImpuestoDia, ventaProductoResumen, ventaConteo, ventaResumenCantidad].map((t) => [getTableConfig(t).name, getTableConfig(t).columns.map((c) => c.name).sort()]),
    );
    const declaradas = [...RESUMENES_DE_VENTAS.flatMap((r) => [tablaDe(r), ...(r.acumulado ? [tablaAcumulada(r)] : [])]), RESUMEN_PAGO_DIA, tablaAcumulada(RESUMEN_PAGO_DIA), RESUMEN_IMPUESTO_DIA, ...CONTADORES];
    expect(declaradas).toHaveLength(11);
    for (const t of declaradas) expect([...t.claves, ...t.medidas.map((m) => m.columna)].sort(), t.tabla).toEqual(tablas.get(t.tabla));
  });
});
