import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dianConfiguracion, dianHabilitacionTipo, empresaDianTipo, tienda } from '../../db/schema';
import { migrationsFolder } from '../../db/client';
import { comprobarConsistencia } from '../../db/consistencia';
import { crearTienda, peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { filaConfiguracion } from './configuracion.domain';
import { configuracionParaTipo } from './habilitacion-tipos';

/**
 * Migration 0108 (ADR 069's addendum) on rows as a data folder of before kept them: each store had its
 * own software per document type in dian_habilitacion_tipo, several of them habilitado and issuing in
 * producción. Each empresa takes, per type, its lowest-id store's; a store whose copy agrees reads the
 * empresa's (the same software); one that differs keeps its copy, which still signs its documents (it
 * never stops nor changes software), reported by the consistency check until the owner decides. The
 * migration's data statements, run on those rows (the table is already there).
 */
const t = usarApp();
const req = peticion(t);
const archivo = fs.readdirSync(migrationsFolder()).find((f) => f.startsWith('0108_'))!;
const datos = fs.readFileSync(path.join(migrationsFolder(), archivo), 'utf8').split('--> statement-breakpoint').slice(2);

const SW = (n: number) => `5${n}f2ae4e-9812-4fad-9255-08fcfcd5ccb${n}`;

/** A store issuing in producción, with its own software for each type given, habilitado. */
async function comoAntes(tiendaId: number, tipos: { tipo: 'factura' | 'soporte'; softwareId: string; softwarePin: string }[]) {
  const db = t.database.db;
  await db.insert(dianConfiguracion).values({ tiendaId, habilitado: true, ambiente: 1 }).onConflictDoUpdate({ target: dianConfiguracion.tiendaId, set: { habilitado: true, ambiente: 1 } });
  for (const x of tipos)
    await db.insert(dianHabilitacionTipo).values({ tiendaId, tipo: x.tipo, softwareIdPropio: x.softwareId, softwarePinPropio: x.softwarePin, testSetId: `set-${tiendaId}`, estado: 'habilitado', habilitadoEn: new Date() });
}

async function empresaDeDos(nombre: string) {
  const s = await crearTienda(t, { nombreTienda: nombre, sinCaja: true });
  const r = await req('POST', '/api/sucursales', s.token, { nombreTienda: `${nombre} Norte`, direccion: 'Carrera 15 # 93-40', telefono: '6017654321' });
  expect(r.statusCode, r.body).toBe(201);
  return { s, norte: r.json().idTienda as number, empresaId: await empresaDe(s.id) };
}
const empresaDe = async (tiendaId: number) => (await t.database.db.select({ e: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, tiendaId)))[0]!.e;

const deEmpresa = async (empresaId: number) =>
  (await t.database.db.select().from(empresaDianTipo).where(eq(empresaDianTipo.empresaId, empresaId))).map((r) => [r.tipo, r.softwareId, r.softwarePin]).sort();
const propia = async (tiendaId: number, tipo: string) =>
  (await t.database.db.select().from(dianHabilitacionTipo).where(and(eq(dianHabilitacionTipo.tiendaId, tiendaId), eq(dianHabilitacionTipo.tipo, tipo))))[0]!;
/** The software a store's next document of a DIAN code carries, and whether producción lets it issue one. */
const firmaCon = async (tiendaId: number, codigo: string) => {
  const f = await configuracionParaTipo(t.database.db, (await filaConfiguracion(t.database.db, tiendaId))!, codigo);
  return [f.softwareId, f.softwarePin];
};
const fallasDian = async (tiendaId: number) => (await comprobarConsistencia(t.database.db, { tiendaId })).filter((f) => f.regla === 'DIAN = empresa');

describe('la migración 0108: el software de cada tipo pasa a la empresa', { timeout: 120_000 }, () => {
  it('cada tienda sigue emitiendo en producción con el software de antes; la copia distinta se conserva y se reporta; el dueño decide', async () => {
    const distintos = await empresaDeDos('Dos Softwares');
    await comoAntes(distintos.s.id, [{ tipo: 'factura', softwareId: SW(1), softwarePin: '11111' }]);
    await comoAntes(distintos.norte, [
      { tipo: 'factura', softwareId: SW(2), softwarePin: '22222' },
      { tipo: 'soporte', softwareId: SW(3), softwarePin: '33333' },
    ]);
    const iguales = await empresaDeDos('Un Software');
    for (const id of [iguales.s.id, iguales.norte]) await comoAntes(id, [{ tipo: 'factura', softwareId: SW(4), softwarePin: '44444' }]);
    const sola = await crearTienda(t, { sinCaja: true });
    await comoAntes(sola.id, [{ tipo: 'soporte', softwareId: SW(5), softwarePin: '55555' }]);
    const empresaSola = await empresaDe(sola.id);
    const antes = {
      principal: await firmaCon(distintos.s.id, '01'),
      norte: await firmaCon(distintos.norte, '01'),
      norteSoporte: await firmaCon(distintos.norte, '05'),
      iguales: await firmaCon(iguales.norte, '01'),
      sola: await firmaCon(sola.id, '05'),
    };
    expect(antes.norte).toEqual([SW(2), '22222']);

    for (const q of datos) await t.database.db.execute(sql.raw(q));

    // The empresa takes the first store's software of each type (the soporte's from the branch, the only one with it).
    expect(await deEmpresa(distintos.empresaId)).toEqual([
      ['factura', SW(1), '11111'],
      ['soporte', SW(3), '33333'],
    ]);
    expect(await deEmpresa(iguales.empresaId)).toEqual([['factura', SW(4), '44444']]);
    expect(await deEmpresa(empresaSola)).toEqual([['soporte', SW(5), '55555']]);
    // Every store still issues in producción, each with the software it had: nothing stopped, nothing changed.
    expect(await firmaCon(distintos.s.id, '01')).toEqual(antes.principal);
    expect(await firmaCon(distintos.norte, '01')).toEqual(antes.norte);
    expect(await firmaCon(distintos.norte, '91')).toEqual(antes.norte);
    expect(await firmaCon(distintos.norte, '05')).toEqual(antes.norteSoporte);
    expect(await firmaCon(iguales.norte, '01')).toEqual(antes.iguales);
    expect(await firmaCon(sola.id, '05')).toEqual(antes.sola);
    for (const [id, tipo] of [[distintos.s.id, 'factura'], [distintos.norte, 'factura'], [distintos.norte, 'soporte'], [sola.id, 'soporte']] as const) expect((await propia(id, tipo)).estado).toBe('habilitado');
    // Copies that agree are gone; the branch's different factura software is kept and reported.
    expect((await propia(distintos.s.id, 'factura')).softwareIdPropio).toBeNull();
    expect((await propia(distintos.norte, 'soporte')).softwareIdPropio).toBeNull();
    expect((await propia(distintos.norte, 'factura')).softwareIdPropio).toBe(SW(2));
    for (const id of [iguales.s.id, iguales.norte, sola.id]) expect(await fallasDian(id)).toEqual([]);
    expect(await fallasDian(distintos.s.id)).toEqual([]);
    const [falla] = await fallasDian(distintos.norte);
    expect(falla!.detalle).toContain(SW(2));
    // The screen shows each store the software its documents carry.
    const tokenNorte = (await req('POST', '/api/sesion/tienda', distintos.s.token, { idTienda: distintos.norte })).json().token as string;
    const tipos = (await req('GET', '/api/dian/configuracion', tokenNorte)).json().tipos as { tipo: string; softwareId: string; estado: string }[];
    expect(tipos.map((x) => [x.tipo, x.softwareId, x.estado])).toEqual([
      ['factura', SW(2), 'habilitado'],
      ['soporte', SW(3), 'habilitado'],
    ]);

    // Run again (as on a database it already reached), it changes nothing.
    for (const q of datos) await t.database.db.execute(sql.raw(q));
    expect((await propia(distintos.norte, 'factura')).softwareIdPropio).toBe(SW(2));
    expect(await deEmpresa(distintos.empresaId)).toEqual([
      ['factura', SW(1), '11111'],
      ['soporte', SW(3), '33333'],
    ]);

    // The owner, in the branch, types the empresa's factura software: he has decided. The branch's copy is
    // gone, it signs with the empresa's and, its software changed, passes the set again; the main store,
    // same software, stays enabled and its log has nothing new.
    const r = await req('PUT', '/api/dian/habilitacion/tipos/factura', tokenNorte, { softwareId: SW(1), softwarePin: '11111' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await propia(distintos.norte, 'factura')).softwareIdPropio).toBeNull();
    expect((await propia(distintos.norte, 'factura')).estado).toBe('en_pruebas');
    expect((await propia(distintos.s.id, 'factura')).estado).toBe('habilitado');
    expect(await fallasDian(distintos.norte)).toEqual([]);
    expect(await configuracionParaTipo(t.database.db, (await filaConfiguracion(t.database.db, distintos.norte))!, '01', false)).toMatchObject({ softwareId: SW(1), softwarePin: '11111' });
  });
});
