// Writes the summaries' generated functions into server/db/functions/ from server/db/resumenes.ts
// (issue #54 point 2, ADR 066). server/db/resumenes.test.ts fails while a committed file differs.
import fs from 'node:fs';
import path from 'node:path';
import { archivosGenerados } from '../server/db/resumenes-sql';

const carpeta = 'server/db/functions';
const cambiados: string[] = [];
for (const [archivo, texto] of Object.entries(archivosGenerados())) {
  const ruta = path.join(carpeta, archivo);
  if (fs.existsSync(ruta) && fs.readFileSync(ruta, 'utf8') === texto) continue;
  fs.writeFileSync(ruta, texto);
  cambiados.push(archivo);
}
console.log(cambiados.length ? `${carpeta}: ${cambiados.join(', ')} escritos de nuevo.` : `${carpeta}: las funciones de los resúmenes ya estaban al día.`);
