/**
 * The five-year archive (issue #31 point 9): every signed XML and DIAN's last answer of a store's
 * documents issued in a date range, as one ZIP (fflate), with an index. Bounded per download.
 */
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '../../db/client.js';
import { documentoDian } from '../../db/schema/index.js';
import { fechaHoraBogota } from './cude.js';

/** Documents per ZIP; a longer range is asked in parts. */
export const MAX_DOCUMENTOS_ARCHIVO = 20_000;

export class ArchivoDemasiadoGrande extends Error {}

export async function archivoZip(db: Db, tiendaId: number, desde: Date, hasta: Date): Promise<{ zip: Buffer; documentos: number }> {
  const filas = await db
    .select({
      numero: documentoDian.numero,
      tipo: documentoDian.tipo,
      cude: documentoDian.cude,
      estado: documentoDian.estado,
      creadoEn: documentoDian.creadoEn,
      xmlFirmado: documentoDian.xmlFirmado,
      ultimaRespuesta: documentoDian.ultimaRespuesta,
    })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), gte(documentoDian.creadoEn, desde), lt(documentoDian.creadoEn, hasta)))
    .orderBy(asc(documentoDian.creadoEn), asc(documentoDian.idDocumento))
    .limit(MAX_DOCUMENTOS_ARCHIVO + 1);
  if (filas.length > MAX_DOCUMENTOS_ARCHIVO) {
    throw new ArchivoDemasiadoGrande(`El rango tiene más de ${MAX_DOCUMENTOS_ARCHIVO} documentos: pídalo por partes.`);
  }
  const archivos: Zippable = {};
  const indice = ['numero;tipo;cude;estado;fecha'];
  for (const f of filas) {
    const { fecha } = fechaHoraBogota(f.creadoEn);
    const nombre = `${fecha}/${f.tipo}-${f.numero.replace(/[^A-Za-z0-9]/g, '')}`;
    archivos[`${nombre}.xml`] = strToU8(f.xmlFirmado);
    if (f.ultimaRespuesta) archivos[`${nombre}-respuesta-dian.xml`] = strToU8(f.ultimaRespuesta);
    indice.push([f.numero, f.tipo, f.cude, f.estado, fecha].join(';'));
  }
  archivos['indice.csv'] = strToU8(`\ufeff${indice.join('\r\n')}\r\n`);
  return { zip: Buffer.from(zipSync(archivos, { level: 6 })), documentos: filas.length };
}
