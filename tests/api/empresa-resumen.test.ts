import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TCierreEmpresa, TEmpleadosEmpresa, TResumenEmpresa } from '#shared/schemas/empresa';
import type { TIndicador, TReporte } from '#shared/schemas/reportes';
import { crearEmpleado, crearTienda, peticion } from '../helpers/factories';
import { dosTiendas as dosTiendasDe } from '../helpers/dos-tiendas';
import { usarApp } from '../helpers/test-app';
import { asc, eq, sql } from 'drizzle-orm';
import { sumarDias } from '#shared/periodo';
import { venta } from '../../server/db/schema';
import { hoyEnTienda } from '../../server/modules/reportes/comun';

/**
 * The owner's consolidated view (issue #56 point 4): two stores of one empresa sell different amounts;
 * `GET /api/empresa/resumen` shows each store as its own reports do and the total as their sum, with the
 * open tills and today's sales; `GET /api/empresa/cierre` is each store's own daily close and their sum;
 * both export with the store on every row. A cashier, a manager and a store's admin are refused (the
 * platform operator too: the authorization matrix); another empresa's owner sees only its own store. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);

const fig = (inds: TIndicador[], clave: string) => inds.find((i) => i.clave === clave)?.valor ?? 0;

const dosTiendas = () => dosTiendasDe(t);

describe('todas mis tiendas (el dueño)', () => {
  it('cada tienda como sus propios informes y el total como su suma; sus cajas abiertas y las ventas de hoy', async () => {
    const { s, idNorte, enNorte } = await dosTiendas();
    const r = await req('GET', '/api/empresa/resumen?periodo=hoy', s.token);
    expect(r.statusCode, r.body).toBe(200);
    const res = r.json() as TResumenEmpresa;
    expect(res.tiendas.map((x) => [x.idTienda, x.nombreTienda, x.actual])).toEqual([
      [s.id, 'Surtidor La Ceiba', true],
      [idNorte, 'La Ceiba Norte', false],
    ]);
    const [a, b] = res.tiendas;
    expect([a!.neto, a!.tickets, b!.neto, b!.tickets]).toEqual([11_200, 2, 6_000, 1]);
    // Each store's figures are what its own reports say.
    for (const [x, token] of [
      [a!, s.token],
      [b!, enNorte],
    ] as const) {
      const inicio = (await req('GET', '/api/reportes/inicio', token)).json() as { indicadores: TIndicador[] };
      const ventas = (await req('GET', '/api/reportes/ventas?periodo=hoy', token)).json() as TReporte;
      const medios = (await req('GET', '/api/reportes/medios-pago?periodo=hoy', token)).json() as TReporte;
      const impuestos = (await req('GET', '/api/reportes/impuestos?periodo=hoy', token)).json() as TReporte;
      expect(x.neto).toBe(fig(ventas.indicadores, 'neto'));
      expect(x.tickets).toBe(fig(ventas.indicadores, 'tickets'));
      expect(x.ticketPromedio).toBe(fig(ventas.indicadores, 'ticketPromedio'));
      expect(x.anuladas).toBe(fig(ventas.indicadores, 'anuladas'));
      expect(x.devuelto).toBe(fig(ventas.indicadores, 'devuelto'));
      expect(x.margen).toBe(fig(inicio.indicadores, 'margen'));
      expect(x.impuestos).toBe(fig(impuestos.indicadores, 'impuestoTotal'));
      expect(x.medios.map((m) => [m.medio, m.ventas, m.monto, m.abonos])).toEqual(medios.tablas[0]!.filas.map((f) => [f.medio, f.ventas, f.monto, f.abonos]));
      expect(x.hoy.neto).toBe(x.neto);
      expect(x.hoy.tickets).toBe(x.tickets);
    }
    // The margin at cost: 4 × (2 800 − 2 000) in the first store; the branch's copy has the same cost.
    expect(a!.margen).toBe(3_200);
    // The total is the sum of the stores.
    const suma = (k: 'neto' | 'tickets' | 'margen' | 'impuestos' | 'devuelto' | 'anuladas') => a![k] + b![k];
    expect(res.total).toMatchObject({ neto: suma('neto'), tickets: suma('tickets'), margen: suma('margen'), impuestos: suma('impuestos'), devuelto: suma('devuelto'), anuladas: suma('anuladas'), hoy: { neto: 17_200, tickets: 3 }, cajas: 2 });
    expect(res.total.ticketPromedio).toBe(Math.round(17_200 / 3));
    expect(res.total.medios).toEqual([{ id: 5, medio: a!.medios[0]!.medio, ventas: 3, monto: 17_200, abonos: 0 }]);
    // The open tills: who, and the cash each drawer should hold (float + cash sales).
    expect(a!.cajas).toHaveLength(1);
    expect(a!.cajas[0]!.cajero).toBe(M.reportes.tiendaCuenta);
    for (const [x, token] of [
      [a!, s.token],
      [b!, enNorte],
    ] as const) {
      const z = (await req('GET', `/api/caja/turnos/${x.cajas[0]!.idTurno}`, token)).json() as { lineas: { metodoPagoId: number; esperado: number | null }[]; efectivo: { fondoInicial: number } };
      expect(x.cajas[0]!.esperado).toBe(z.lineas.find((l) => l.metodoPagoId === 5)!.esperado);
      expect(x.cajas[0]!.esperado).toBe(z.efectivo.fondoInicial + x.neto);
    }
    expect(Number.isNaN(Date.parse(a!.cajas[0]!.abiertoEn))).toBe(false);
    // The same from the branch: the owner reaches every store of its empresa from any of them.
    const desdeNorte = (await req('GET', '/api/empresa/resumen?periodo=hoy', enNorte)).json() as TResumenEmpresa;
    expect(desdeNorte.tiendas.map((x) => [x.idTienda, x.neto, x.actual])).toEqual([
      [s.id, 11_200, false],
      [idNorte, 6_000, true],
    ]);
  });

  it('un rango de varios meses (ADR 073): sus meses enteros de los resúmenes por mes, cada tienda como sus propios informes día por día', async () => {
    const { s, idNorte, enNorte } = await dosTiendas();
    const db = t.database.db;
    // The first store's first sale 45 days back and the branch's 75: both land in whole past months of the range.
    const hoy = await hoyEnTienda(db, s.id);
    const [primera] = await db.select({ id: venta.idVenta }).from(venta).where(eq(venta.tiendaId, s.id)).orderBy(asc(venta.idVenta)).limit(1);
    await db.update(venta).set({ fecha: sql`${venta.fecha} - interval '45 days'` }).where(eq(venta.idVenta, primera!.id));
    await db.update(venta).set({ fecha: sql`${venta.fecha} - interval '75 days'` }).where(eq(venta.tiendaId, idNorte));
    for (const [desde, hasta] of [
      [sumarDias(hoy, -100), hoy],
      [sumarDias(hoy, -100), sumarDias(hoy, -20)],
    ]) {
      const rango = `periodo=rango&desde=${desde}&hasta=${hasta}`;
      const res = (await req('GET', `/api/empresa/resumen?${rango}`, s.token)).json() as TResumenEmpresa;
      const emp = (await req('GET', `/api/empresa/empleados?${rango}`, s.token)).json() as TEmpleadosEmpresa;
      for (const [i, token] of [s.token, enNorte].entries()) {
        const x = res.tiendas[i]!;
        // Resumen de ventas reads the days one by one; medios de pago and por empleado their months too (the property test holds those to the sales).
        const ventas = (await req('GET', `/api/reportes/ventas?${rango}`, token)).json() as TReporte;
        const medios = (await req('GET', `/api/reportes/medios-pago?${rango}`, token)).json() as TReporte;
        const empleados = (await req('GET', `/api/reportes/empleados?${rango}`, token)).json() as TReporte;
        expect([x.neto, x.tickets, x.anuladas, x.ticketPromedio], `${rango} ${i}`).toEqual(['neto', 'tickets', 'anuladas', 'ticketPromedio'].map((k) => fig(ventas.indicadores, k)));
        expect(x.medios.map((m) => [m.medio, m.ventas, m.monto, m.abonos])).toEqual(medios.tablas[0]!.filas.map((f) => [f.medio, f.ventas, f.monto, f.abonos]));
        expect(emp.tiendas[i]!.filas.map((f) => [f.persona, f.tickets, f.neto])).toEqual(empleados.tablas[0]!.filas.map((f) => [f.persona, f.tickets, f.neto]));
      }
      const [a, b] = res.tiendas;
      expect([a!.tickets, b!.tickets], rango).toEqual(hasta === hoy ? [2, 1] : [1, 1]);
    }
  });

  it('el cierre diario consolidado es el cierre de cada tienda y su suma; las exportaciones llevan la tienda en cada fila', async () => {
    const { s, enNorte } = await dosTiendas();
    const r = await req('GET', '/api/empresa/cierre', s.token);
    expect(r.statusCode, r.body).toBe(200);
    const res = r.json() as TCierreEmpresa;
    expect(res.tiendas).toHaveLength(2);
    for (const [i, token] of [s.token, enNorte].entries()) {
      const propio = (await req('GET', `/api/reportes/cierre-diario?periodo=rango&desde=${res.fecha}&hasta=${res.fecha}`, token)).json() as TReporte;
      expect(res.tiendas[i]!.indicadores).toEqual(propio.indicadores);
      expect(res.tiendas[i]!.tablas[0]!.filas).toEqual(propio.tablas[0]!.filas);
    }
    for (const k of ['neto', 'tickets', 'devuelto', 'fiadoDado', 'diferencia']) expect(fig(res.total, k)).toBe(fig(res.tiendas[0]!.indicadores, k) + fig(res.tiendas[1]!.indicadores, k));
    expect(fig(res.total, 'neto')).toBe(17_200);

    const csv = await req('GET', `/api/empresa/cierre/exportar?formato=csv&fecha=${res.fecha}`, s.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lineas = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lineas[0]!.startsWith(`${M.empresa.columnas.tienda};`)).toBe(true);
    expect(lineas[1]!.startsWith('Surtidor La Ceiba;')).toBe(true);
    expect(lineas.some((l) => l.startsWith('La Ceiba Norte;'))).toBe(true);
    const resumen = await req('GET', '/api/empresa/resumen/exportar?formato=csv&periodo=hoy', s.token);
    expect(resumen.statusCode, resumen.body).toBe(200);
    const filas = resumen.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(filas[0]!.split(';')[0]).toBe(M.empresa.columnas.tienda);
    expect(filas[1]).toMatch(/^Surtidor La Ceiba;11200;3200;/);
    expect(filas[2]).toMatch(/^La Ceiba Norte;6000;/);
    const xlsx = await req('GET', '/api/empresa/resumen/exportar?formato=xlsx&periodo=hoy', s.token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('un cajero, un encargado y un administrador de la tienda no entran; otra empresa solo ve la suya', async () => {
    const { s } = await dosTiendas();
    for (const rol of [ROL.EMPLEADO, ROL.ENCARGADO, ROL.ADMIN]) {
      const e = await crearEmpleado(t, s.codigo, { rol });
      for (const url of ['/api/empresa/resumen', '/api/empresa/cierre', '/api/empresa/resumen/exportar?formato=csv', '/api/empresa/cierre/exportar?formato=csv']) {
        const r = await req('GET', url, e.token);
        expect(r.statusCode, `${url} rol ${rol}`).toBe(403);
        expect(r.json().error.message).toBe(M.empresa.soloDueno);
      }
    }
    const otra = await crearTienda(t, { nombreTienda: 'Otra Empresa SAS' });
    const suya = await req('GET', '/api/empresa/resumen?periodo=hoy', otra.token);
    expect(suya.statusCode).toBe(200);
    expect((suya.json() as TResumenEmpresa).tiendas.map((x) => [x.idTienda, x.neto])).toEqual([[otra.id, 0]]);
    expect(suya.body).not.toContain('Ceiba');
    const cierre = await req('GET', '/api/empresa/cierre', otra.token);
    expect((cierre.json() as TCierreEmpresa).tiendas.map((x) => x.idTienda)).toEqual([otra.id]);
  });

  it('filtros inválidos: un mensaje claro y nada leído', async () => {
    const s = await crearTienda(t);
    const fecha = await req('GET', '/api/empresa/cierre?fecha=2026-13-40', s.token);
    expect(fecha.statusCode).toBe(400);
    expect(fecha.body).toContain(M.empresa.fechaInvalida);
    const rango = await req('GET', '/api/empresa/resumen?periodo=rango&desde=2026-05-10&hasta=2026-05-01', s.token);
    expect(rango.statusCode).toBe(400);
    expect(rango.body).toContain(M.reportes.rangoInvalido);
    const largo = await req('GET', '/api/empresa/resumen?periodo=rango&desde=2020-01-01&hasta=2026-01-01', s.token);
    expect(largo.statusCode).toBe(422);
    const ok = await req('GET', '/api/empresa/resumen?formato=pdf', s.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await req('GET', '/api/empresa/resumen/exportar?formato=pdf', s.token)).statusCode).toBe(400);
  });
});
