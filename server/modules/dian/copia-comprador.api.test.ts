import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { documentoDian, venta } from '../../db/schema';
import { createMailer } from '../../lib/mailer';
import { usarApp } from '../../../tests/helpers/test-app';
import { documentoDelContenedor, NS_ATTACHED } from './contenedor';
import { enviarCopiasPendientes } from './copia-comprador';
import { EMPRESA, usarFerreteria } from './ferreteria.fixtures';
import { textoDelPdf } from './pdf-texto.fixtures';
import { procesarBandejaTienda } from './trabajador';
import { xmllint } from './validar-xsd';
import { verificarConXmlsec } from './verificar-xmlsec';
import { NS } from './xml';

/**
 * Issue #57 point 4: once DIAN accepts the invoice, the buyer gets a ZIP with DIAN's AttachedDocument
 * (the signed invoice inside, its signature intact, and DIAN's ApplicationResponse) and the PDF, by
 * e-mail from the outbox's worker, once; the sale's detail downloads the same files; another store
 * gets 404.
 */
const t = usarApp();
const { req, dian, ferreteria, facturar } = usarFerreteria(t, 905_700_000);

const silencioso = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
const archivosZip = (zip: Buffer | Uint8Array) => unzipSync(new Uint8Array(zip));

describe('la copia del comprador: contenedor, PDF, correo y descarga (issue #57 punto 4)', { timeout: 240_000 }, () => {
  it('tras la aceptación el comprador recibe una vez el ZIP con el AttachedDocument válido y el PDF', async () => {
    const s = await ferreteria();
    const recibo = await facturar(s);
    const antes = t.outbox.length;
    // Nothing is e-mailed inside the sale's request.
    expect(t.outbox.length).toBe(antes);
    expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);
    const correos = t.outbox.slice(antes).filter((m) => m.to === EMPRESA.email);
    expect(correos).toHaveLength(1);
    const correo = correos[0]!;
    expect(correo.subject).toContain('FE1');
    expect(correo.attachments?.map((a) => a.filename)).toEqual(['FE1.zip']);
    const archivos = archivosZip(correo.attachments![0]!.content);
    expect(Object.keys(archivos).sort()).toEqual(['FE1.pdf', 'FE1.xml']);
    expect(strFromU8(archivos['FE1.pdf']!.subarray(0, 5))).toBe('%PDF-');

    const contenedor = strFromU8(archivos['FE1.xml']!);
    const xsd = await xmllint(contenedor, 'maindoc/UBL-AttachedDocument-2.1.xsd');
    expect(xsd.errores).toBe('');
    const doc = new DOMParser().parseFromString(contenedor, 'text/xml');
    expect(doc.documentElement!.namespaceURI).toBe(NS_ATTACHED);
    // The container itself is signed by the shop (XAdES-EPES, its own certificate), as DIAN's annex asks (ADR 058).
    const firmaContenedor = doc.getElementsByTagNameNS(NS.ext, 'ExtensionContent')[0]!.getElementsByTagNameNS(NS.ds, 'Signature');
    expect(firmaContenedor).toHaveLength(1);
    expect(contenedor).toContain('dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=');
    expect((await verificarConXmlsec(contenedor, dian.cert.certificadoPem)).salida).toMatch(/^OK/m);
    // The signed invoice, extracted from the CDATA, is the one sent and its signature still verifies.
    const [fila] = await t.database.db.select().from(documentoDian).where(eq(documentoDian.ventaId, recibo.id));
    const factura = documentoDelContenedor(contenedor);
    expect(factura).toBe(fila!.xmlFirmado.replace(/^<\?xml[^?]*\?>\s*/, ''));
    expect((await verificarConXmlsec(factura, dian.cert.certificadoPem)).ok).toBe(true);
    // DIAN's ApplicationResponse rides in the parent document's line reference, valid against its schema.
    const ref = doc.getElementsByTagNameNS(NS.cac, 'ParentDocumentLineReference')[0]!;
    const ar = ref.getElementsByTagNameNS(NS.cbc, 'Description')[0]!.textContent!;
    expect(ar).toContain('<ApplicationResponse');
    expect((await xmllint(ar, 'maindoc/UBL-ApplicationResponse-2.1.xsd')).errores).toBe('');
    expect(ref.getElementsByTagNameNS(NS.cbc, 'UUID')[0]!.textContent).toBe(recibo.documento.cude);
    expect(doc.getElementsByTagNameNS(NS.cbc, 'ParentDocumentID')[0]!.textContent).toBe('FE1');

    // The worker passes again: no second e-mail.
    expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);
    expect(t.outbox.slice(antes).filter((m) => m.to === EMPRESA.email)).toHaveLength(1);
    const estado = (await req('GET', `/api/dian/ventas/${recibo.id}/copia`, s.token)).json();
    expect(estado).toMatchObject({ numero: 'FE1', aceptada: true, correo: EMPRESA.email, correoEstado: 'enviado' });
    // Recorded in the activity log.
    const actividad = (await req('GET', '/api/actividad?tipo=documento_electronico', s.token)).json();
    expect(JSON.stringify(actividad)).toContain('Envió FE1 de la venta #1 al correo del comprador (compras@andina.co)');
  });

  it('el detalle descarga el ZIP y el PDF; el administrador reenvía; otra tienda recibe 404', async () => {
    const s = await ferreteria();
    const otra = await ferreteria();
    const recibo = await facturar(s);
    // Before DIAN accepts it: nothing to download yet, said plainly.
    const pronto = await req('GET', `/api/dian/ventas/${recibo.id}/contenedor`, s.token);
    expect(pronto.statusCode).toBe(422);
    expect(pronto.body).toMatch(/aún no está aceptada/);
    await req('POST', '/api/dian/documentos/enviar', s.token);
    const zip = await t.request({ method: 'GET', url: `/api/dian/ventas/${recibo.id}/contenedor`, token: s.token });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Object.keys(archivosZip(zip.rawPayload)).sort()).toEqual(['FE1.pdf', 'FE1.xml']);
    const pdf = await t.request({ method: 'GET', url: `/api/dian/ventas/${recibo.id}/pdf`, token: s.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The issue date reads as dates do here (dd/mm/aaaa), not as the XML's ISO date.
    const textoPdf = textoDelPdf(pdf.rawPayload);
    expect(textoPdf).toMatch(/Fecha de emisi.n: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    // The shop's place by name, not DANE's codes ('11001, 11' before).
    expect(textoPdf).toContain('Calle 45 # 13-20, Bogot\u00e1, D.C.');
    expect(textoPdf).not.toMatch(/11001|, 11\b/);
    // For looking at it (the screenshots of the issue): COPIA_PDF=<file> keeps the PDF.
    if (process.env.COPIA_PDF) fs.writeFileSync(process.env.COPIA_PDF, pdf.rawPayload);
    for (const ruta of ['contenedor', 'pdf', 'copia']) expect((await req('GET', `/api/dian/ventas/${recibo.id}/${ruta}`, otra.token)).statusCode).toBe(404);
    expect((await req('POST', `/api/dian/ventas/${recibo.id}/reenviar`, otra.token)).statusCode).toBe(404);
    const antes = t.outbox.length;
    const r = await req('POST', `/api/dian/ventas/${recibo.id}/reenviar`, s.token);
    expect(r.statusCode, r.body).toBe(200);
    expect(t.outbox.length).toBe(antes + 1);
    expect(t.outbox.at(-1)!.to).toBe(EMPRESA.email);
  });

  it('sin SMTP el correo queda como .eml en la bandeja de salida con el ZIP, una sola vez; sin correo no se envía nada', async () => {
    const s = await ferreteria();
    const recibo = await facturar(s);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-outbox-'));
    try {
      const mailer = createMailer({ from: 'tienda@adax.local', outboxDir: dir, log: silencioso });
      // Two passes of the worker, one after the other, and two at once: one e-mail.
      await procesarBandejaTienda(t.database.db, s.id, 50, mailer);
      await Promise.all([enviarCopiasPendientes(t.database.db, mailer, { tiendaId: s.id }), enviarCopiasPendientes(t.database.db, mailer, { tiendaId: s.id })]);
      await procesarBandejaTienda(t.database.db, s.id, 50, mailer);
      const emls = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(emls).toHaveLength(1);
      const eml = fs.readFileSync(path.join(dir, emls[0]!), 'utf8');
      expect(eml).toContain(`To: ${EMPRESA.email}`);
      expect(eml).toMatch(/Content-Type: application\/zip; name=FE1\.zip/);
      // The attachment is the ZIP with both files.
      const b64 = eml.split(/filename=FE1\.zip\r?\n\r?\n/)[1]!.split(/\r?\n--/)[0]!.replace(/\s/g, '');
      expect(Object.keys(archivosZip(Buffer.from(b64, 'base64'))).sort()).toEqual(['FE1.pdf', 'FE1.xml']);

      // A buyer kept without e-mail (an older sale): nothing is sent and the sale says so.
      const segunda = await facturar(s);
      const [v] = await t.database.db.select({ adquirente: venta.adquirente }).from(venta).where(eq(venta.idVenta, segunda.id));
      await t.database.db.update(venta).set({ adquirente: { ...v!.adquirente!, email: '' } }).where(eq(venta.idVenta, segunda.id));
      await procesarBandejaTienda(t.database.db, s.id, 50, mailer);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      expect((await req('GET', `/api/dian/ventas/${segunda.id}/copia`, s.token)).json()).toMatchObject({ correo: null, correoEstado: 'sin_correo' });
      expect(recibo.id).not.toBe(segunda.id);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('la nota crédito de una factura anulada también llega al comprador: su contenedor es válido y lleva la nota firmada', async () => {
    const s = await ferreteria();
    const v = await facturar(s);
    await req('POST', '/api/dian/documentos/enviar', s.token);
    expect((await req('POST', `/api/ventas/${v.id}/anular`, s.token)).statusCode).toBeLessThan(300);
    const antes = t.outbox.length;
    // The note waits for its invoice, then goes; its copy is e-mailed once.
    for (const _ of [1, 2, 3]) await req('POST', '/api/dian/documentos/enviar', s.token);
    const notas = t.outbox.slice(antes).filter((m) => m.attachments?.[0]?.filename === 'NC1.zip');
    expect(notas).toHaveLength(1);
    expect(notas[0]!.subject).toContain('Nota crédito NC1');
    const archivos = archivosZip(notas[0]!.attachments![0]!.content);
    expect(Object.keys(archivos).sort()).toEqual(['NC1.pdf', 'NC1.xml']);
    const contenedor = strFromU8(archivos['NC1.xml']!);
    expect((await xmllint(contenedor, 'maindoc/UBL-AttachedDocument-2.1.xsd')).errores).toBe('');
    expect((await verificarConXmlsec(contenedor, dian.cert.certificadoPem)).salida).toMatch(/^OK/m);
    const nota = documentoDelContenedor(contenedor);
    expect(nota).toContain('<CreditNote');
    expect((await verificarConXmlsec(nota, dian.cert.certificadoPem)).ok).toBe(true);
    expect(contenedor).toContain('<cbc:UUID schemeName="CUDE-SHA384">');
  });

  it('un correo que falla se reintenta más tarde, no en cada pasada, y a los cinco intentos queda fallido', async () => {
    const s = await ferreteria();
    await facturar(s);
    let intentos = 0;
    const falla = { send: async () => { intentos++; throw new Error('SMTP caído'); } };
    await procesarBandejaTienda(t.database.db, s.id, 50, falla);
    expect(intentos).toBe(1);
    // The next pass at once: not yet.
    await enviarCopiasPendientes(t.database.db, falla, { tiendaId: s.id });
    expect(intentos).toBe(1);
    let ahora = Date.now();
    for (let i = 0; i < 6; i++) {
      ahora += 60 * 60_000;
      await enviarCopiasPendientes(t.database.db, falla, { tiendaId: s.id, ahora: new Date(ahora) });
    }
    expect(intentos).toBe(5);
    const [fila] = await t.database.db.select().from(documentoDian).where(eq(documentoDian.tiendaId, s.id));
    expect(fila).toMatchObject({ correoEstado: 'fallido', correoError: 'SMTP caído' });
  });
});
