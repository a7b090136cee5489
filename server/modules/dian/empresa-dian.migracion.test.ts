import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dianConfiguracion, empresaDian, tienda } from '../../db/schema';
import { migrationsFolder } from '../../db/client';
import { comprobarConsistencia } from '../../db/consistencia';
import { crearTienda, peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { generarCertificadoPrueba, type CertificadoPrueba } from './certificado-prueba';
import { credencialDe, filaConfiguracion } from './configuracion.domain';
import { contextoDian } from './contexto';
import { sellarCertificado } from './custodia';
import { leerP12, resumenCertificado } from './firma';

/**
 * Migration 0104 (ADR 069) on rows as a data folder of before kept them: each store had its own DIAN
 * software and certificate (sealed for its own id). Each empresa takes its lowest-id store's that has a
 * certificate; a store whose certificate or software differs keeps its copy, reported by the
 * consistency check, never overwritten; one that agrees is emptied. The branch then signs with the
 * empresa's certificate, the blob opened for the store it was sealed for. The migration's data
 * statements, run on those rows (the table is already there).
 */
const t = usarApp();
const req = peticion(t);
const archivo = fs.readdirSync(migrationsFolder()).find((f) => f.startsWith('0104_'))!;
const datos = fs.readFileSync(path.join(migrationsFolder(), archivo), 'utf8').split('--> statement-breakpoint').slice(2);

let uno: CertificadoPrueba;
let dos: CertificadoPrueba;
beforeAll(async () => {
  uno = await generarCertificadoPrueba('/CN=Tienda Uno SAS/O=Pruebas/C=CO');
  dos = await generarCertificadoPrueba('/CN=Tienda Dos SAS/O=Pruebas/C=CO');
}, 60_000);

const resumenDe = (c: CertificadoPrueba) => resumenCertificado(leerP12(c.p12, c.clave));

/** A store's row as before 0104: its own software and certificate, sealed for its own id. */
async function filaDeAntes(tiendaId: number, c: CertificadoPrueba, softwareId: string) {
  const sellado = sellarCertificado({ p12: c.p12, clave: c.clave }, contextoDian().llave(), String(tiendaId));
  await t.database.db
    .insert(dianConfiguracion)
    .values({ tiendaId, softwareIdPropio: softwareId, softwarePinPropio: '12345', certificadoSelladoPropio: sellado, certificadoResumenPropio: resumenDe(c) })
    .onConflictDoUpdate({ target: dianConfiguracion.tiendaId, set: { softwareIdPropio: softwareId, softwarePinPropio: '12345', certificadoSelladoPropio: sellado, certificadoResumenPropio: resumenDe(c) } });
  return sellado;
}

/** An empresa of two stores (the owner's and a branch), with no empresa row yet. */
async function empresaDeDos(nombre: string) {
  const s = await crearTienda(t, { nombreTienda: nombre, sinCaja: true });
  const r = await req('POST', '/api/sucursales', s.token, { nombreTienda: `${nombre} Norte`, direccion: 'Carrera 15 # 93-40', telefono: '6017654321' });
  expect(r.statusCode, r.body).toBe(201);
  const empresaId = (await t.database.db.select({ e: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, s.id)))[0]!.e;
  return { s, norte: r.json().idTienda as number, empresaId };
}

const propia = async (tiendaId: number) => {
  const [f] = await t.database.db.select().from(dianConfiguracion).where(eq(dianConfiguracion.tiendaId, tiendaId));
  return { softwareId: f!.softwareIdPropio, certificado: f!.certificadoSelladoPropio };
};
const deEmpresa = async (empresaId: number) => (await t.database.db.select().from(empresaDian).where(eq(empresaDian.empresaId, empresaId)))[0];
const fallasDian = async (tiendaId: number) => (await comprobarConsistencia(t.database.db, { tiendaId })).filter((f) => f.regla === 'DIAN = empresa');

describe('la migración 0104: el certificado y el software pasan a la empresa', { timeout: 120_000 }, () => {
  it('dos tiendas con un certificado cada una: la empresa toma el de la primera, la otra conserva el suyo y la comprobación lo reporta; la sucursal firma con el de la empresa', async () => {
    const distintos = await empresaDeDos('Dos Certificados');
    const selladoUno = await filaDeAntes(distintos.s.id, uno, '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0');
    const selladoDos = await filaDeAntes(distintos.norte, dos, '66f2ae4e-9812-4fad-9255-08fcfcd5ccb1');
    const iguales = await empresaDeDos('Un Certificado');
    await filaDeAntes(iguales.s.id, uno, '76f2ae4e-9812-4fad-9255-08fcfcd5ccb2');
    await filaDeAntes(iguales.norte, uno, '76f2ae4e-9812-4fad-9255-08fcfcd5ccb2');
    const sola = await crearTienda(t, { sinCaja: true });
    await filaDeAntes(sola.id, dos, '86f2ae4e-9812-4fad-9255-08fcfcd5ccb3');
    const empresaSola = (await t.database.db.select({ e: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, sola.id)))[0]!.e;
    for (const id of [distintos.empresaId, iguales.empresaId, empresaSola]) await t.database.db.delete(empresaDian).where(eq(empresaDian.empresaId, id));

    for (const q of datos) await t.database.db.execute(sql.raw(q));

    // The first store's certificate and software are the empresa's; the branch keeps its own, reported.
    expect(await deEmpresa(distintos.empresaId)).toMatchObject({ softwareId: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', softwarePin: '12345', certificadoSellado: selladoUno, certificadoSelladoPara: String(distintos.s.id) });
    expect(await propia(distintos.s.id)).toEqual({ softwareId: null, certificado: null });
    expect(await propia(distintos.norte)).toEqual({ softwareId: '66f2ae4e-9812-4fad-9255-08fcfcd5ccb1', certificado: selladoDos });
    expect(await fallasDian(distintos.s.id)).toEqual([]);
    const [falla] = await fallasDian(distintos.norte);
    expect(falla!.detalle).toContain('Tienda Dos SAS');
    // Where both stores had the same certificate and software, nothing is left to report.
    expect((await deEmpresa(iguales.empresaId))!.softwareId).toBe('76f2ae4e-9812-4fad-9255-08fcfcd5ccb2');
    for (const id of [iguales.s.id, iguales.norte]) {
      expect(await propia(id)).toEqual({ softwareId: null, certificado: null });
      expect(await fallasDian(id)).toEqual([]);
    }
    // A lone store: its own, now its empresa's; it reads them as before.
    expect((await deEmpresa(empresaSola))!.certificadoResumen).toEqual(resumenDe(dos));
    expect(await propia(sola.id)).toEqual({ softwareId: null, certificado: null });
    expect((await req('GET', '/api/dian/configuracion', sola.token)).json()).toMatchObject({ softwareId: '86f2ae4e-9812-4fad-9255-08fcfcd5ccb3', pinGuardado: true, certificado: resumenDe(dos), tiendasEmpresa: 1 });

    // The branch signs with the empresa's certificate: the blob sealed for the first store opens.
    const f = await filaConfiguracion(t.database.db, distintos.norte);
    expect(credencialDe(f!).serial).toBe(resumenDe(uno).serial);
    expect((await req('GET', '/api/dian/configuracion', (await req('POST', '/api/sesion/tienda', distintos.s.token, { idTienda: distintos.norte })).json().token)).json().certificado).toEqual(resumenDe(uno));

    // Run again (as on a database it already reached), it changes nothing.
    for (const q of datos) await t.database.db.execute(sql.raw(q));
    expect(await propia(distintos.norte)).toEqual({ softwareId: '66f2ae4e-9812-4fad-9255-08fcfcd5ccb1', certificado: selladoDos });
    expect((await deEmpresa(distintos.empresaId))!.certificadoSellado).toBe(selladoUno);

    // The owner loads the empresa's certificate: he has decided, the branch's copy is gone.
    const r = await req('POST', '/api/dian/certificado', distintos.s.token, { p12: dos.p12.toString('base64'), clave: dos.clave });
    expect(r.statusCode, r.body).toBe(200);
    expect(await propia(distintos.norte)).toEqual({ softwareId: null, certificado: null });
    expect(await fallasDian(distintos.norte)).toEqual([]);
    expect(credencialDe((await filaConfiguracion(t.database.db, distintos.norte))!).serial).toBe(resumenDe(dos).serial);
  });
});
