/**
 * Independent verification of a signed document with Debian's xmlsec1 (tests and the habilitación
 * self-check): the signature must verify against the given certificate, with the KeyInfo and
 * SignedProperties references resolved by their `Id`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ejecutar = promisify(execFile);

export async function verificarConXmlsec(xml: string, certificadoPem: string): Promise<{ ok: boolean; salida: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dian-xmlsec-'));
  try {
    const doc = path.join(dir, 'doc.xml');
    const cert = path.join(dir, 'c.pem');
    await writeFile(doc, xml);
    await writeFile(cert, certificadoPem);
    try {
      const r = await ejecutar('xmlsec1', [
        '--verify',
        '--pubkey-cert-pem', cert,
        '--id-attr:Id', 'KeyInfo',
        '--id-attr:Id', 'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
        doc,
      ]);
      return { ok: true, salida: `${r.stdout}${r.stderr}` };
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      return { ok: false, salida: `${e.stdout ?? ''}${e.stderr ?? String(err)}` };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
