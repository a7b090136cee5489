// npx tsx scripts/legacy-docs.ts — writes docs/legacy-api.md from the legacy action definitions.
import fs from 'node:fs';
import path from 'node:path';
import { renderLegacyDocs } from '../server/legacy/docs';

const file = path.resolve('docs/legacy-api.md');
fs.writeFileSync(file, renderLegacyDocs());
console.log(`Escrito ${path.relative(process.cwd(), file)}`);
