import { strFromU8, unzlibSync } from 'fflate';

/** The text a PDF draws (its Flate-compressed content streams, inflated), for asserting what a reader sees. */
export function textoDelPdf(pdf: Buffer): string {
  const crudo = pdf.toString('latin1');
  const partes: string[] = [];
  for (const m of crudo.matchAll(/stream\r?\n/g)) {
    const desde = m.index + m[0].length;
    const hasta = crudo.indexOf('endstream', desde);
    try {
      partes.push(strFromU8(unzlibSync(pdf.subarray(desde, hasta)), true));
    } catch {
      // not a Flate stream (an image, the fonts' table)
    }
  }
  return partes.join('\n');
}
