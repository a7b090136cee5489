// Writes the triggers per table into docs/architecture.md from server/db/triggers/ (issue #54 point 1).
// server/db/fuentes.test.ts fails while the document's list is not the current one.
import fs from 'node:fs';
import { migrationsFolder } from '../server/db/client';
import { documentoConLista, listaDisparadores } from '../server/db/fuentes-doc';

const archivo = 'docs/architecture.md';
const antes = fs.readFileSync(archivo, 'utf8');
const despues = documentoConLista(antes, listaDisparadores(migrationsFolder()));
if (despues !== antes) fs.writeFileSync(archivo, despues);
console.log(despues === antes ? `${archivo}: la lista de disparadores ya estaba al día.` : `${archivo}: lista de disparadores actualizada.`);
