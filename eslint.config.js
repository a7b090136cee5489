import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import path from 'node:path';
import { camino, componentes, grafo, resolver } from './scripts/grafo-imports.mjs';

/**
 * No import cycles (issue #29), types included (issue #54 point 5, ADR 080): a module and what it
 * imports never lead back to it. The rule reads the whole repository's graph once per run
 * (scripts/grafo-imports.mjs: static, re-exported, dynamic and type-only imports) and reports each
 * import whose target lies in the importer's strongly connected component. It replaced
 * import-x/no-cycle, which walked the graph again from every file (13 of lint's 20 s of rule time on
 * the 2-core CI machine) and skipped `import type`.
 */
let enCiclo;
const ciclo = {
  meta: { type: 'problem', schema: [], messages: { ciclo: 'Ciclo de imports: {{camino}}. Mueva lo común al archivo de abajo (ADR 080).' } },
  create(context) {
    const raiz = context.cwd;
    if (!enCiclo) {
      const g = grafo(raiz);
      enCiclo = { g, componente: componentes(g) };
    }
    const archivo = path.resolve(context.filename);
    const propio = enCiclo.componente.get(archivo);
    if (!propio || propio.length < 2) return {};
    const revisar = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const destino = resolver(archivo, node.source.value, raiz);
      if (!destino || enCiclo.componente.get(destino) !== propio) return;
      const vuelta = camino(enCiclo.g, destino, archivo).map((f) => path.relative(raiz, f));
      context.report({ node, messageId: 'ciclo', data: { camino: [path.relative(raiz, archivo), ...vuelta].join(' -> ') } });
    };
    return { ImportDeclaration: revisar, ExportNamedDeclaration: revisar, ExportAllDeclaration: revisar, ImportExpression: revisar };
  },
};

/**
 * Features do not import each other (issue #54 point 5): the regex below sees only `../x/api|components/`,
 * and 21 imports passed it. A zone per feature, resolved by path: a feature may import itself and
 * web/lib, web/components, web/config; never another feature. The imports still listed are known debt:
 * the invoice's page shows its returns. (Numbering's warnings, shown by Inicio and Caja, are
 * web/components/avisos-numeracion.tsx since ADR 080.)
 */
const DEUDA_ENTRE_FEATURES = {
  facturas: ['./devoluciones/devoluciones-venta.tsx'],
};
const ZONAS_FEATURES = fs
  .readdirSync('web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map(({ name }) => ({
    target: `./web/features/${name}`,
    from: './web/features',
    except: [`./${name}`, ...(DEUDA_ENTRE_FEATURES[name] ?? [])],
    message: 'Las features no se importan entre sí: mueve lo común a web/components o web/lib.',
  }));

/** Tests and their helpers (fixtures, the legacy test client) cross the layers on purpose. */
const TESTS = ['**/*.test.{ts,tsx}', '**/*.fixtures.ts', 'server/legacy/test-client.ts', 'web/test/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'data/**', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**', 'screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // No source file over 600 lines (issue #54: a report, a rule, a screen a file; the migrations are ignored above).
      'max-lines': ['error', { max: 600 }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Imports flow one way: shared ← server, shared ← web; features do not import each other.
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'react', 'fastify', 'drizzle-orm'] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'drizzle-orm', 'fastify', 'pg'] }] },
  },
  {
    files: ['web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
            { regex: '^(\\.\\./\\.\\./features/|\\.\\./(?!\\.\\.)[^/]+/(api|components)/)', message: 'Las features no se importan entre sí: mueve lo común a web/components o web/lib.' },
            { group: ['**/server/**'], message: 'La web no importa el servidor.' },
          ] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**', 'react'] }] },
  },
  // Layers (issue #29, as bulletproof-react does): each zone names what it may not import. Tests and
  // their helpers drive every face, so they are outside the zones.
  {
    // The shared web parts never import a feature.
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [
            { regex: '^(\\.\\.?/)+(.*/)?features/', message: 'web/components y web/lib no importan features: lo común vive aquí y las features lo usan.' },
            { group: ['**/server/**', 'drizzle-orm', 'fastify', 'pg'], message: 'La web no importa el servidor.' },
          ] }],
    },
  },
  {
    // A domain owns its rules: it never depends on an adapter (the back-office or the legacy API).
    files: ['server/modules/**/*.ts'],
    ignores: ['server/modules/crud/**', ...TESTS],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
            { regex: '^(\\.\\.?/)+(.*/)?(crud|legacy)/', message: 'Un dominio no importa adaptadores (crud/, legacy/): lo común va a server/modules/tienda/alcance.ts o al dominio.' },
            { group: ['**/web/**', 'react'], message: 'El servidor no importa la web.' },
          ] }],
    },
  },
  {
    // Below the modules: the database, the plugins and the libraries never import a module or a face.
    files: ['server/db/**/*.ts', 'server/plugins/**/*.ts', 'server/lib/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [
            { regex: '^(\\.\\.?/)+(.*/)?(modules|legacy)/', message: 'db/, plugins/ y lib/ están debajo de los módulos: no los importan.' },
            { group: ['**/web/**', 'react'], message: 'El servidor no importa la web.' },
          ] }],
    },
  },
  {
    // The adapters adapt names and shapes; the domain writes (issue #27 point 4): no table access.
    files: ['server/modules/crud/**/*.ts', 'server/legacy/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [
            { regex: '^(\\.\\.?/)+(.*/)?db/schema(/|$)', message: 'El back-office y la API antigua no escriben tablas: llaman al dominio de la entidad (issue #27).' },
            { regex: '^drizzle-orm(/|$)', message: 'El back-office y la API antigua no escriben SQL: llaman al dominio de la entidad (issue #27).' },
            { group: ['**/web/**', 'react'], message: 'El servidor no importa la web.' },
          ] }],
    },
  },
  {
    // Packages a start never needs are read on first use (issue #55 point 5, server/lib/perezoso.ts): a
    // value import here would load them in every server again. Types are free.
    files: ['server/**/*.ts'],
    ignores: [...TESTS, 'server/lib/perezoso.ts', 'server/modules/dian/fake-dian.ts', 'server/**/*.fixtures.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: ['node-forge', 'xml-crypto', '@xmldom/xmldom', 'xmlbuilder2', 'jspdf', 'qrcode', 'pg', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator'].map((name) => ({
        name,
        allowTypeImports: true,
        message: 'Se lee al usarlo (server/lib/perezoso.ts, o import() dinámico): no lo cargue cada arranque del servidor.',
      })) }],
    },
  },
  // import-x's resolver for its no-restricted-paths zones below; `#shared/*` resolves through package.json.
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { capas: { rules: { ciclo } } },
    rules: { 'capas/ciclo': 'error' },
  },
  {
    // The kernel (tienda, actividad: scope, permissions, the store's time zone, the activity log) imports
    // no module above it (issue #54 point 5, ADR 080): every module imports it, it imports down only.
    files: ['server/modules/tienda/**/*.ts', 'server/modules/actividad/**/*.ts'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: ['tienda', 'actividad'].map((m) => ({
            target: `./server/modules/${m}`,
            from: './server/modules',
            except: ['./tienda', './actividad'],
            message: 'El núcleo (tienda, actividad) no importa módulos de arriba: lo que el núcleo necesita vive en él; una feature va en su propio módulo (ADR 080).',
          })) }],
    },
  },
  {
    files: ['web/features/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: ZONAS_FEATURES }] },
  },
);
