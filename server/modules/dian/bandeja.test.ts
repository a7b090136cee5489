import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../tests/helpers/test-app.js';
import type { Database } from '../../db/client.js';
import { documentoDian, tienda } from '../../db/schema/index.js';
import { construirDocumentoPos } from './xml.js';
import { documentoEjemplo } from './ejemplos.js';
import { firmarDocumento, leerP12, type Credencial } from './firma.js';
import { generarCertificadoPrueba } from './certificado-prueba.js';
import { iniciarFakeDian, type FakeDian } from './fake-dian.js';
import { TransporteSoapDian } from './soap.js';
import { archivoZip } from './archivo.js';
import { unzipSync, strFromU8 } from 'fflate';
import { pendientesContingencia, procesarDocumento, procesarPendientes, registrarDocumento } from './bandeja.js';

let database: Database;
let credencial: Credencial;
let fake: FakeDian;
let tiendaId: number;
let consecutivo = 990001000;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  const cert = await generarCertificadoPrueba();
  credencial = leerP12(cert.p12, cert.clave);
  fake = await iniciarFakeDian();
  const [t] = await database.db
    .insert(tienda)
    .values({ nombreTienda: 'La Esquina', correo: `dian-${Date.now()}@example.com`, contrasenaHash: 'x', codigoInvitacion: `INV${Date.now()}` })
    .returning();
  tiendaId = t!.idTienda;
}, 300_000);
afterAll(async () => {
  await fake?.cerrar();
  await database?.close();
});

// Generous on a loaded machine; the slow case sets its own short timeout.
const transporte = (tiempoMaximoMs = 15_000) => new TransporteSoapDian({ url: fake.url, credencial, tiempoMaximoMs });

async function nuevo(contingencia?: '07') {
  const emision = new Date(Math.max(Date.now(), credencial.validoDesde.getTime() + 1000));
  const g = construirDocumentoPos(documentoEjemplo({ emision, consecutivo: consecutivo++, contingencia }));
  const xmlFirmado = firmarDocumento(g.xml, credencial, { instante: emision });
  return registrarDocumento(database.db, { tiendaId, numero: g.numero, cude: g.cude, ambiente: 2, xmlFirmado, contingencia });
}

describe('outbox of electronic POS documents', () => {
  it('a pending document is sent and accepted; a second pass does nothing', async () => {
    fake.modo = 'aceptar';
    const doc = await nuevo();
    expect(doc.estado).toBe('pendiente');
    const r = await procesarDocumento(database.db, transporte(), doc.idDocumento);
    expect(r!.estado).toBe('aceptado');
    expect(r!.aceptadoEn).not.toBeNull();
    expect(await procesarDocumento(database.db, transporte(), doc.idDocumento)).toBeNull();
    expect(fake.envios(doc.cude)).toBe(1);
  });

  it('a rejected document keeps DIAN rule and message', async () => {
    fake.modo = 'rechazar';
    const doc = await nuevo();
    const r = await procesarDocumento(database.db, transporte(), doc.idDocumento);
    expect(r!.estado).toBe('rechazado');
    expect(r!.regla).toBe('FAD06');
    expect(r!.mensaje).toContain('CUDE');
    fake.modo = 'aceptar';
  });

  it('DIAN answering 503 sends it to contingency 08 with a 48-hour limit; after DIAN recovers it is accepted exactly once', async () => {
    fake.modo = '503';
    const doc = await nuevo();
    const r = await procesarDocumento(database.db, transporte(), doc.idDocumento);
    expect(r!.estado).toBe('contingencia');
    expect(r!.contingencia).toBe('08');
    const panel = await pendientesContingencia(database.db, tiendaId);
    const fila = panel.find((p) => p.idDocumento === doc.idDocumento)!;
    expect(fila.minutosRestantes).toBeGreaterThan(47 * 60);
    expect(fila.alerta).toBe(false);
    fake.modo = 'aceptar';
    const pasada = await procesarPendientes(database.db, transporte(), { tiendaId });
    expect(pasada.find((d) => d.idDocumento === doc.idDocumento)!.estado).toBe('aceptado');
    expect(fake.envios(doc.cude)).toBe(1);
    expect((await pendientesContingencia(database.db, tiendaId)).some((p) => p.idDocumento === doc.idDocumento)).toBe(false);
  });

  it('a slow DIAN (no answer in time) also goes to contingency', async () => {
    fake.modo = 'lento';
    fake.retrasoMs = 3_000;
    const doc = await nuevo();
    const r = await procesarDocumento(database.db, transporte(300), doc.idDocumento);
    expect(r!.estado).toBe('contingencia');
    fake.modo = 'aceptar';
  });

  it('a document sent before whose answer was lost is looked up by CUDE, not sent again', async () => {
    fake.modo = 'aceptar';
    const doc = await nuevo();
    // DIAN got it (accepted) but the answer never came back: the row says enviado, one attempt.
    await transporte().enviar({ numero: doc.numero, cude: doc.cude, nitEmisor: '', xmlFirmado: doc.xmlFirmado });
    await database.db.update(documentoDian).set({ estado: 'enviado', intentos: 1 }).where(eq(documentoDian.idDocumento, doc.idDocumento));
    const r = await procesarDocumento(database.db, transporte(), doc.idDocumento);
    expect(r!.estado).toBe('aceptado');
    expect(fake.envios(doc.cude)).toBe(1);
  });

  it('rule 90 (already processed) is settled by the status look-up as accepted', async () => {
    fake.modo = 'aceptar';
    const doc = await nuevo();
    await transporte().enviar({ numero: doc.numero, cude: doc.cude, nitEmisor: '', xmlFirmado: doc.xmlFirmado });
    const r = await procesarDocumento(database.db, transporte(), doc.idDocumento);
    expect(r!.estado).toBe('aceptado');
    expect(fake.envios(doc.cude)).toBe(2);
  });

  it('two passes at once send a document once', async () => {
    fake.modo = 'aceptar';
    const doc = await nuevo();
    const [a, b] = await Promise.all([procesarDocumento(database.db, transporte(), doc.idDocumento), procesarDocumento(database.db, transporte(), doc.idDocumento)]);
    expect([a?.estado, b?.estado].filter(Boolean)).toEqual(['aceptado']);
    expect(fake.envios(doc.cude)).toBe(1);
  });

  it('a type-07 document (issued while the shop was offline) waits in contingency and warns near its limit', async () => {
    const doc = await nuevo('07');
    expect(doc.estado).toBe('contingencia');
    const casiVencido = new Date(doc.limiteContingencia!.getTime() - 60 * 60_000);
    const fila = (await pendientesContingencia(database.db, tiendaId, casiVencido)).find((p) => p.idDocumento === doc.idDocumento)!;
    expect(fila.contingencia).toBe('07');
    expect(fila.alerta).toBe(true);
    expect(fila.minutosRestantes).toBe(60);
  });

  it('a number is registered once per store', async () => {
    const doc = await nuevo();
    await expect(registrarDocumento(database.db, { tiendaId, numero: doc.numero, cude: 'c'.repeat(96), ambiente: 2, xmlFirmado: '<x/>' })).rejects.toThrow();
  });

  it("the archive ZIP of a date range holds each signed XML, DIAN's answer and an index; another store's are not in it", async () => {
    fake.modo = 'aceptar';
    const doc = await nuevo();
    await procesarDocumento(database.db, transporte(), doc.idDocumento);
    const { zip, documentos } = await archivoZip(database.db, tiendaId, new Date(Date.now() - 3_600_000), new Date(Date.now() + 3_600_000));
    expect(documentos).toBeGreaterThanOrEqual(1);
    const archivos = unzipSync(new Uint8Array(zip));
    const nombres = Object.keys(archivos);
    const propio = nombres.find((n) => n.endsWith(`20-${doc.numero}.xml`))!;
    expect(strFromU8(archivos[propio]!)).toBe(doc.xmlFirmado);
    expect(strFromU8(archivos[propio.replace('.xml', '-respuesta-dian.xml')]!)).toContain('<b:StatusCode>00</b:StatusCode>');
    expect(strFromU8(archivos['indice.csv']!)).toContain(`${doc.numero};20;${doc.cude};aceptado`);
    const otra = await archivoZip(database.db, tiendaId + 999, new Date(0), new Date(Date.now() + 3_600_000));
    expect(otra.documentos).toBe(0);
  });
});
