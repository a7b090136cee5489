/**
 * The modules' layers (issue #54 point 5), a ratchet: the import graph between the folders of
 * server/modules may only lose knots, never gain them.
 *
 * Measured 2026-12-01: 18 of 30 modules formed one strongly connected knot (each reaches every other
 * by imports); with `tienda` and `actividad` taken as the kernel (scope, permissions, a supervisor's
 * PIN, the store's time zone, the activity log), 11 sales modules still did. Now none does: an import
 * that ties modules into a knot, or a kernel import of a module above it, fails here. The kernel's
 * known exceptions are listed as debts; removing one: delete its line (the test says when one is gone).
 * Tests and fixtures are outside (they drive every layer).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const RAIZ = join(__dirname);
/** What every module may import (issue #54 point 5): they import nothing above themselves but each other. */
const NUCLEO = new Set(['tienda', 'actividad']);

/** Kernel imports of modules above it (ADR 080: none left; *Sucursales* moved to server/modules/sucursal, the fiscal profile to server/modules/fiscal, the store's account to cuenta/tienda.domain.ts). eslint.config.js's kernel zone refuses a new one at lint time. */
const NUCLEO_DEUDAS = new Set<string>([]);

/**
 * Edges inside a knot of the modules above the kernel; each would be a debt. 2026-12-01: 29 edges in a
 * knot of 11 modules; none after the supervisor's PIN (tienda/autorizacion.ts) and the customers' scope
 * with a customer's lock (tienda/clientes.alcance.ts) moved to the kernel, the sale's header and a
 * line's unit to `venta-registro` below the checkout, and the offline sync's route to the checkout's
 * routes. Keep it empty: a knot is a design to undo, not a line to add.
 */
const NUDO_DEUDAS = new Set<string>([]);

function modulos(): string[] {
  return readdirSync(RAIZ).filter((d) => statSync(join(RAIZ, d)).isDirectory());
}

const esPrueba = (f: string) => /\.(test|fixtures)\.ts$/.test(f) || f.endsWith('.test.tsx');

function archivos(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return archivos(p);
    return p.endsWith('.ts') && !esPrueba(p) ? [p] : [];
  });
}

/** module → the other modules it imports (static, dynamic and re-exports, type-only ones too). */
function grafo(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const m of modulos()) {
    const destinos = new Set<string>();
    for (const f of archivos(join(RAIZ, m))) {
      const texto = readFileSync(f, 'utf8');
      for (const [, ruta] of texto.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)) {
        const destino = relative(RAIZ, normalize(join(dirname(f), ruta!)));
        const otro = destino.split('/')[0]!;
        if (!destino.startsWith('..') && otro !== m && otro !== destino) destinos.add(otro);
      }
    }
    g.set(m, destinos);
  }
  return g;
}

/** Tarjan's strongly connected components of more than one module. */
function nudos(g: Map<string, Set<string>>): string[][] {
  let i = 0;
  const indice = new Map<string, number>();
  const bajo = new Map<string, number>();
  const pila: string[] = [];
  const enPila = new Set<string>();
  const out: string[][] = [];
  const visitar = (v: string) => {
    indice.set(v, i);
    bajo.set(v, i++);
    pila.push(v);
    enPila.add(v);
    for (const w of g.get(v) ?? []) {
      if (!indice.has(w)) {
        visitar(w);
        bajo.set(v, Math.min(bajo.get(v)!, bajo.get(w)!));
      } else if (enPila.has(w)) bajo.set(v, Math.min(bajo.get(v)!, indice.get(w)!));
    }
    if (bajo.get(v) === indice.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = pila.pop()!;
        enPila.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const v of [...g.keys()].sort()) if (!indice.has(v)) visitar(v);
  return out;
}

describe('capas de server/modules (issue #54, punto 5)', () => {
  const g = grafo();

  it('el núcleo (tienda, actividad) no importa módulos de arriba, salvo sus deudas anotadas', () => {
    const hacia = [...NUCLEO].flatMap((m) => [...(g.get(m) ?? [])].filter((o) => !NUCLEO.has(o)).map((o) => `${m} -> ${o}`)).sort();
    expect(hacia.filter((e) => !NUCLEO_DEUDAS.has(e)), 'el núcleo importa un módulo de arriba').toEqual([]);
    expect([...NUCLEO_DEUDAS].filter((e) => !hacia.includes(e)), 'una deuda del núcleo ya no existe: bórrela de NUCLEO_DEUDAS').toEqual([]);
  });

  it('sobre el núcleo, los nudos de módulos solo pierden aristas', () => {
    const arriba = new Map([...g].filter(([m]) => !NUCLEO.has(m)).map(([m, ds]) => [m, new Set([...ds].filter((d) => !NUCLEO.has(d)))]));
    const aristas = nudos(arriba)
      .flatMap((c) => c.flatMap((a) => [...arriba.get(a)!].filter((b) => c.includes(b)).map((b) => `${a} -> ${b}`)))
      .sort();
    expect(aristas.filter((e) => !NUDO_DEUDAS.has(e)), 'un import nuevo ata módulos en un nudo: importe hacia abajo o mueva lo común al núcleo').toEqual([]);
    expect([...NUDO_DEUDAS].filter((e) => !aristas.includes(e)), 'una deuda ya no ata un nudo: bórrela de NUDO_DEUDAS').toEqual([]);
  });
});
