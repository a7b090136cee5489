import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginController } from './controllers/cuenta';
import { renderLegacyDocs } from './docs';
import { findAction } from './legacy';
import { LOGIN_PATH, legacyControllers } from './legacy.routes';
import { SPEC_CALLS } from './test-client';

describe('API heredada: cobertura y documentación', () => {
  it('cada llamada de la sección 7 de la especificación tiene su acción, con su verbo', () => {
    const controllers = legacyControllers();
    const missing = SPEC_CALLS.filter((c) => {
      const controller = c.file === LOGIN_PATH ? loginController : controllers[`controlador/controlador.${c.file}.php`];
      return !controller || !findAction(controller, c.params, c.method);
    });
    expect(missing).toEqual([]);
    expect(SPEC_CALLS.filter((c) => c.area === 'app')).toHaveLength(29);
    expect(SPEC_CALLS.filter((c) => c.area === 'admin')).toHaveLength(34);
  });

  it('cada acción está documentada: descripción, verbos, parámetros y respuesta', () => {
    for (const [file, actions] of Object.entries({ [LOGIN_PATH]: loginController, ...legacyControllers() })) {
      for (const a of actions) {
        expect(a.description.length, `${file} ${a.name}`).toBeGreaterThan(10);
        expect(a.methods.length, `${file} ${a.name}`).toBeGreaterThan(0);
        expect(a.response.length, `${file} ${a.name}`).toBeGreaterThan(3);
      }
    }
  });

  it('docs/legacy-api.md está al día con las definiciones (npx tsx scripts/legacy-docs.ts)', () => {
    expect(fs.readFileSync('docs/legacy-api.md', 'utf8')).toBe(renderLegacyDocs());
  });
});
