/**
 * The repository's import graph, file by file, with each edge marked type-only or not (issue #54
 * point 5). import-x/no-cycle leaves out every `import type` (and an import whose names are all
 * `type`), so a cycle closed by types passed lint; this graph keeps them, for the `capas/ciclo` rule
 * in eslint.config.js (every cycle, since import-x/no-cycle was dropped) and for
 * `node scripts/grafo-imports.mjs` (the figures in ADR 080).
 *
 * Read by text, not by a parser: static imports and re-exports (`import … from`, `export … from`,
 * `import '…'`) and dynamic `import('…')`; relative paths and `#shared/*` (package.json's imports).
 * Comments are dropped first so an example in a comment is not an edge.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const RAICES = ['server', 'shared', 'web', 'scripts', 'tests'];
const EXT = /\.(ts|tsx|mjs|js)$/;

function listar(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    if (f === 'node_modules' || f.startsWith('.')) return [];
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return listar(p);
    return EXT.test(p) && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** The file an import names, or null (a package, or not found). */
export function resolver(desde, ruta, raiz) {
  let base;
  if (ruta.startsWith('#shared/')) base = join(raiz, 'shared', ruta.slice('#shared/'.length));
  else if (ruta.startsWith('.')) base = resolve(dirname(desde), ruta);
  else return null;
  const sinJs = base.replace(/\.(m?js)$/, '');
  for (const c of [base, `${sinJs}.ts`, `${sinJs}.tsx`, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

const sinComentarios = (t) => t.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Each import of a text: its path and whether it brings types only. */
export function importsDe(texto) {
  const t = sinComentarios(texto);
  const out = [];
  for (const m of t.matchAll(/(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    const [, , tipo, clausula, ruta] = m;
    const llaves = clausula.match(/\{([^}]*)\}/);
    const fuera = clausula.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '');
    const nombres = llaves ? llaves[1].split(',').map((s) => s.trim()).filter(Boolean) : [];
    const soloTipos = Boolean(tipo) || (fuera === '' && nombres.length > 0 && nombres.every((n) => n.startsWith('type ')));
    out.push({ ruta, soloTipos });
  }
  for (const m of t.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) out.push({ ruta: m[1], soloTipos: false });
  for (const m of t.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ ruta: m[1], soloTipos: false });
  return out;
}

/**
 * file → Map(target file → type-only?) over the repository (an edge is type-only when every import
 * of the target in the file is).
 */
export function grafo(raiz = process.cwd()) {
  const g = new Map();
  for (const f of RAICES.flatMap((r) => listar(join(raiz, r)))) {
    const ds = new Map();
    for (const { ruta, soloTipos } of importsDe(readFileSync(f, 'utf8'))) {
      const d = resolver(f, ruta, raiz);
      if (!d || d === f) continue;
      ds.set(d, (ds.get(d) ?? true) && soloTipos);
    }
    g.set(f, ds);
  }
  return g;
}

/** Tarjan's strongly connected components; `arista(tipo)` says which edges count. */
export function componentes(g, arista = () => true) {
  let i = 0;
  const indice = new Map();
  const bajo = new Map();
  const pila = [];
  const enPila = new Set();
  const de = new Map();
  const visitar = (v) => {
    // Iterative: the graph is deep enough to overflow a recursive walk.
    const marco = [[v, [...(g.get(v) ?? [])].filter(([, t]) => arista(t)).map(([w]) => w), 0]];
    indice.set(v, i);
    bajo.set(v, i++);
    pila.push(v);
    enPila.add(v);
    while (marco.length) {
      const top = marco[marco.length - 1];
      const [u, hijos] = top;
      if (top[2] < hijos.length) {
        const w = hijos[top[2]++];
        if (!g.has(w)) continue;
        if (!indice.has(w)) {
          indice.set(w, i);
          bajo.set(w, i++);
          pila.push(w);
          enPila.add(w);
          marco.push([w, [...(g.get(w) ?? [])].filter(([, t]) => arista(t)).map(([x]) => x), 0]);
        } else if (enPila.has(w)) bajo.set(u, Math.min(bajo.get(u), indice.get(w)));
        continue;
      }
      marco.pop();
      if (marco.length) {
        const p = marco[marco.length - 1][0];
        bajo.set(p, Math.min(bajo.get(p), bajo.get(u)));
      }
      if (bajo.get(u) === indice.get(u)) {
        let w;
        const c = [];
        do {
          w = pila.pop();
          enPila.delete(w);
          c.push(w);
          de.set(w, c);
        } while (w !== u);
      }
    }
  };
  for (const v of g.keys()) if (!indice.has(v)) visitar(v);
  return de;
}

/**
 * The cycles that only type-only imports close: edges a → b inside one component of the whole graph
 * whose ends are not in one component of the value imports (import-x/no-cycle reports those).
 */
export function ciclosDeTipos(g) {
  const todo = componentes(g);
  const valor = componentes(g, (soloTipos) => !soloTipos);
  const aristas = [];
  for (const [a, ds] of g) {
    for (const [b] of ds) {
      if (todo.get(a) && todo.get(a) === todo.get(b) && valor.get(a) !== valor.get(b)) aristas.push([a, b]);
    }
  }
  return aristas;
}

/** A shortest way back from `desde` to `hasta` (for the message). */
export function camino(g, desde, hasta) {
  const previo = new Map([[desde, null]]);
  const cola = [desde];
  while (cola.length) {
    const v = cola.shift();
    if (v === hasta) break;
    for (const [w] of g.get(v) ?? []) {
      if (previo.has(w)) continue;
      previo.set(w, v);
      cola.push(w);
    }
  }
  if (!previo.has(hasta)) return [];
  const out = [];
  for (let v = hasta; v != null; v = previo.get(v)) out.unshift(v);
  return out;
}

/** Module folders of server/modules: who imports what (edges between folders, with counts). */
function entreModulos(g, raiz) {
  const mods = join(raiz, 'server/modules');
  const modulo = (f) => {
    const r = relative(mods, f);
    return r.startsWith('..') || !r.includes('/') ? null : r.split('/')[0];
  };
  const esPrueba = (f) => /\.(test|fixtures)\.tsx?$/.test(f);
  const cuenta = new Map();
  for (const [a, ds] of g) {
    if (esPrueba(a)) continue;
    for (const [b] of ds) {
      const ma = modulo(a) ?? relative(raiz, a).split('/').slice(0, 2).join('/');
      const mb = modulo(b);
      if (mb && ma !== mb) cuenta.set(`${ma} -> ${mb}`, (cuenta.get(`${ma} -> ${mb}`) ?? 0) + 1);
    }
  }
  return cuenta;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const raiz = process.cwd();
  const g = grafo(raiz);
  const nucleo = new Set((process.argv[2] ?? 'tienda,actividad').split(','));
  const e = entreModulos(g, raiz);
  const haciaNucleo = [...e].filter(([k]) => nucleo.has(k.split(' -> ')[1]) && !nucleo.has(k.split(' -> ')[0]));
  const desdeNucleo = [...e].filter(([k]) => nucleo.has(k.split(' -> ')[0]) && !nucleo.has(k.split(' -> ')[1]));
  const suma = (xs) => xs.reduce((s, [, n]) => s + n, 0);
  console.log(`files: ${g.size}, edges: ${[...g.values()].reduce((s, d) => s + d.size, 0)}`);
  console.log(`imports of the kernel (${[...nucleo]}) from other folders (tests out): ${suma(haciaNucleo)} file edges from ${new Set(haciaNucleo.map(([k]) => k.split(' -> ')[0])).size} folders`);
  console.log(`kernel -> module above: ${suma(desdeNucleo)} file edges: ${desdeNucleo.map(([k, n]) => `${k} (${n})`).join(', ') || 'none'}`);
  const tipos = ciclosDeTipos(g);
  console.log(`edges in cycles closed only by type imports: ${tipos.length}`);
  for (const [a, b] of tipos) console.log(`  ${relative(raiz, a)} -> ${relative(raiz, b)}`);
  const valor = componentes(g, (t) => !t);
  const nudosValor = new Set([...valor.values()].filter((c) => c.length > 1));
  console.log(`value cycles (import-x/no-cycle's, dynamic imports counted): ${nudosValor.size} components`);
  for (const c of nudosValor) console.log(`  ${c.map((f) => relative(raiz, f)).join(' , ')}`);
}
