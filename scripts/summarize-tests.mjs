// Adds up what scripts/test-all.sh ran and prints the closing line "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
// The names of what failed, printed last so that a log's tail says which tests to look at.
const fallidas = [];
// A failed journey's page as Playwright saw it (its error context's ARIA snapshot): a CI run keeps no
// test-results/, so its log is the only place to read what the screen showed when it failed.
const contextos = [];
/** The snapshot's lines that say something (names, texts), at most `max`. */
function pantalla(archivo, max) {
  let texto;
  try {
    texto = fs.readFileSync(archivo, 'utf8');
  } catch {
    return [];
  }
  const i = texto.indexOf('```yaml');
  if (i < 0) return [];
  return texto
    .slice(i)
    .split('\n')
    .filter((l) => /^\s*- /.test(l) && /"|: \S/.test(l) && !/^\s*- \/url:/.test(l))
    .slice(0, max);
}

for (const line of fs.readFileSync(path.join(dir, 'checks.txt'), 'utf8').split('\n').filter(Boolean)) {
  if (line.endsWith(' ok')) passed++;
  else failed++;
  lines.push(line);
}

for (const name of ['vitest-pglite', 'vitest-postgres']) {
  const file = path.join(dir, `${name}.json`);
  if (name === 'vitest-postgres' && !process.env.TEST_DATABASE_URL) continue;
  if (!fs.existsSync(file)) {
    failed++;
    lines.push(`${name}: no produjo resultados (falló al arrancar)`);
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failedSuites = (r.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
  passed += r.numPassedTests;
  failed += r.numFailedTests + failedSuites;
  skipped += r.numPendingTests + r.numTodoTests;
  lines.push(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests + failedSuites} failed`);
  for (const suite of r.testResults ?? []) {
    const archivo = path.relative(process.cwd(), suite.name ?? '');
    const malas = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (suite.status === 'failed' && malas.length === 0) fallidas.push(`${name}: ${archivo} (no arrancó)`);
    for (const a of malas) fallidas.push(`${name}: ${archivo} › ${a.fullName ?? a.title}`);
  }
}

const pw = path.join(dir, 'playwright.json');
if (fs.existsSync(pw)) {
  const r = JSON.parse(fs.readFileSync(pw, 'utf8'));
  const s = r.stats ?? {};
  const errors = (r.errors ?? []).length;
  passed += s.expected ?? 0;
  failed += (s.unexpected ?? 0) + (s.flaky ?? 0) + errors;
  skipped += s.skipped ?? 0;
  lines.push(`playwright: ${s.expected ?? 0} passed, ${(s.unexpected ?? 0) + (s.flaky ?? 0) + errors} failed`);
  const recorrer = (suite, ruta) => {
    for (const sub of suite.suites ?? []) recorrer(sub, [...ruta, sub.title]);
    for (const spec of suite.specs ?? []) {
      const bien = (spec.tests ?? []).every((t) => t.status === 'expected' || t.status === 'skipped');
      if (!bien) {
        fallidas.push(`playwright: ${[...ruta, spec.title].filter(Boolean).join(' › ')}`);
        for (const t of spec.tests ?? []) for (const res of t.results ?? []) for (const a of res.attachments ?? []) if (a.name === 'error-context' && a.path) contextos.push({ titulo: spec.title, archivo: a.path });
      }
    }
  };
  for (const suite of r.suites ?? []) recorrer(suite, [suite.title]);
} else if (!fs.readFileSync(path.join(dir, 'checks.txt'), 'utf8').includes('e2e FAILED')) {
  failed++;
  lines.push('playwright: no produjo resultados');
}

const fases = path.join(dir, 'fases.txt');
if (fs.existsSync(fases)) {
  const filas = fs.readFileSync(fases, 'utf8').split('\n').filter(Boolean).map((l) => l.split(' '));
  const total = filas.reduce((s, [, seg]) => s + Number(seg), 0);
  const mmss = (seg) => `${Math.floor(seg / 60)} min ${String(seg % 60).padStart(2, '0')} s`;
  console.log('\nFases:');
  for (const [nombre, seg] of filas) console.log(`  ${nombre.padEnd(22)} ${mmss(Number(seg)).padStart(13)}`);
  console.log(`  ${'total'.padEnd(22)} ${mmss(total).padStart(13)}`);
}

for (const c of contextos.slice(0, 3)) {
  const lineas = pantalla(c.archivo, 60);
  if (!lineas.length) continue;
  console.log(`\nLa pantalla al fallar: ${c.titulo}`);
  for (const l of lineas) console.log(`  ${l.slice(0, 160)}`);
}

if (fallidas.length) {
  console.log('\nFallaron:');
  for (const f of fallidas.slice(0, 60)) console.log(`  ${f}`);
  if (fallidas.length > 60) console.log(`  … y ${fallidas.length - 60} más`);
}

console.log('\nResumen:');
for (const l of lines) console.log(`  ${l}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
