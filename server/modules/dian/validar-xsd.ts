/**
 * Validation of a generated document against the UBL 2.1 schemas and DIAN's extension schema with
 * xmllint (Debian's libxml2-utils). The UBL schema takes `ext:ExtensionContent` laxly, so
 * `sts:DianExtensions` is validated on its own against `DIAN_UBL_Structures.xsd`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { xmldom } from '../../lib/perezoso.js';
import { digitoVerificacion } from './cude.js';

const ejecutar = promisify(execFile);
export const DIR_XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xsd');
const STS = 'dian:gov:co:facturaelectronica:Structures-2-1';

export interface ResultadoXsd {
  ok: boolean;
  errores: string;
}

/** Validates `xml` against one schema of the folder (e.g. `maindoc/UBL-AttachedDocument-2.1.xsd`). */
export async function xmllint(xml: string, esquema: string): Promise<ResultadoXsd> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dian-xsd-'));
  try {
    const archivo = path.join(dir, 'doc.xml');
    await writeFile(archivo, xml);
    try {
      await ejecutar('xmllint', ['--noout', '--nonet', '--schema', path.join(DIR_XSD, esquema), archivo]);
      return { ok: true, errores: '' };
    } catch (err) {
      return { ok: false, errores: String((err as { stderr?: string }).stderr ?? err) };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';

/**
 * Validates the whole `Invoice` and its `sts:DianExtensions`. An unsigned document still has the
 * signature's empty slot (which the schema refuses: `ext:ExtensionContent` needs a child), so with
 * `sinFirmar` that empty slot is left out of what is validated; a signed document is validated whole.
 */
export async function validarContraXsd(xml: string, opciones: { sinFirmar?: boolean; raiz?: string } = {}): Promise<ResultadoXsd> {
  let texto = xml;
  if (opciones.sinFirmar) {
    const d = new (xmldom().DOMParser)().parseFromString(xml, 'text/xml');
    for (const c of Array.from(d.getElementsByTagNameNS(EXT, 'ExtensionContent'))) {
      if (c.childNodes.length === 0) c.parentNode!.parentNode!.removeChild(c.parentNode!);
    }
    texto = new (xmldom().XMLSerializer)().serializeToString(d);
  }
  const doc = await xmllint(texto, opciones.raiz ?? 'maindoc/UBL-Invoice-2.1.xsd');
  if (!doc.ok) return doc;
  const parsed = new (xmldom().DOMParser)().parseFromString(xml, 'text/xml');
  const ext = parsed.getElementsByTagNameNS(STS, 'DianExtensions')[0];
  if (!ext) return { ok: false, errores: 'falta sts:DianExtensions' };
  // Serialized on its own, the element carries the namespaces it uses from its ancestors.
  const solo = new (xmldom().DOMParser)().parseFromString('<?xml version="1.0" encoding="UTF-8"?>' + new (xmldom().XMLSerializer)().serializeToString(ext), 'text/xml');
  // One known disagreement between DIAN's annex and its published schema: the annex puts the NIT's
  // check digit in `@schemeID` of `sts:ProviderID` and `sts:AuthorizationProviderID` (DIAN's own
  // documents say schemeID="4" for 800197268), while the schema enumerates ID types there. Where
  // `@schemeID` is exactly that NIT's check digit, the copy validated here carries the ID type
  // (`@schemeName`, 31) instead; anything else in those attributes still fails.
  for (const local of ['ProviderID', 'AuthorizationProviderID']) {
    for (const el of Array.from(solo.getElementsByTagNameNS(STS, local))) {
      const nit = (el.textContent ?? '').trim();
      if (/^\d+$/.test(nit) && el.getAttribute('schemeID') === digitoVerificacion(nit) && el.getAttribute('schemeName') === '31') {
        el.setAttribute('schemeID', '31');
      }
    }
  }
  return xmllint(new (xmldom().XMLSerializer)().serializeToString(solo), 'maindoc/DIAN_UBL_Structures.xsd');
}
