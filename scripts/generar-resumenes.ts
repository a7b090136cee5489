// Writes the summaries' generated functions, for reading, into tmp/resumenes/ (ignored by git) from
// server/db/resumenes.ts (issue #54 point 2, ADR 066, ADR 081). They are not source files: migrate()
// takes them from server/db/resumenes-sql.ts itself (server/db/fuentes.ts).
import fs from 'node:fs';
import path from 'node:path';
import { archivosGenerados } from '../server/db/resumenes-sql';

const carpeta = 'tmp/resumenes';
fs.rmSync(carpeta, { recursive: true, force: true });
fs.mkdirSync(carpeta, { recursive: true });
const archivos = Object.entries(archivosGenerados());
for (const [archivo, texto] of archivos) fs.writeFileSync(path.join(carpeta, archivo), texto);
console.log(`${carpeta}: ${archivos.length} funciones de los resúmenes escritas para leer (migrate() las toma de server/db/resumenes-sql.ts).`);
