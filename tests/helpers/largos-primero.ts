import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order of test files, with the known-long ones first (issue #54 point 7). Vitest starts the
 * files it knows nothing about (a fresh clone: CI) largest first; a long file that happens to be
 * small started last and ran alone at the end: `deploy.test.ts` (two servers behind nginx, ~2 min)
 * started 173 s into the PostgreSQL pass and finished it at 295 s. These files, measured in CI's runs,
 * take a minute or more each on the 2-core machine; started first, the short files fill the other
 * worker beside them.
 */
const LARGOS = [
  'tests/api/deploy.test.ts',
  'server/plugins/operacion.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/api/authz-matrix.test.ts',
  'tests/api/red-local.test.ts',
  'tests/api/data-dir-lock.test.ts',
  'tests/api/backup-cli.test.ts',
  'tests/api/fuzz-datos.test.ts',
  'server/modules/reportes/reportes.resumen.property.test.ts',
  'tests/api/backup-schedule.test.ts',
  'tests/api/crash.test.ts',
  'tests/api/backup-memoria.test.ts',
  'tests/api/file-modes.test.ts',
];

const rango = (spec: TestSpecification): number => {
  const i = LARGOS.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
  return i < 0 ? LARGOS.length : i;
};

export default class LargosPrimero extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    // A stable sort: the rest keep vitest's own order.
    return base.map((spec, i) => ({ spec, i, r: rango(spec) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.spec);
  }
}
