import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TImpuestosEmpresa } from '#shared/schemas/empresa';
import type { TReporte } from '#shared/schemas/reportes';
import { perfilFiscal, producto, tienda } from '../../server/db/schema';
import { abrirSucursal, perfilLaCeiba, productoEn } from '../helpers/dos-tiendas';
import { abrirCaja, crearEmpleado, crearTienda, peticion } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * One NIT per empresa (issue #56 point 5, ADR 059): a branch is an establishment of the same taxpayer.
 * A branch opened from a store responsible for IVA has the same NIT and regime with its own address and
 * charges the same taxes; a change of the taxpayer's data by the owner reaches every store; a branch's
 * administrator changes only the establishment's data; the tax report is per store and consolidated.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);

const PERFIL = perfilLaCeiba(true);

async function empresaResponsable() {
  const s = await crearTienda(t, { nombreTienda: 'Surtidor La Ceiba' });
  const gaseosa = await req('POST', '/api/productos', s.token, { nombre: 'Gaseosa 400 ml', precio: 2_380, cantidad: 50, categoria: 'Bebidas' });
  expect(gaseosa.statusCode, gaseosa.body).toBe(201);
  // Its tax from its category (categoría → IVA 19 %), then the store becomes responsible for IVA.
  expect((await req('PUT', '/api/impuestos/categorias', s.token, { categoria: 'Bebidas', impuesto: 'iva19' })).statusCode).toBe(200);
  const perfil = await req('PUT', '/api/tienda/perfil-fiscal', s.token, PERFIL);
  expect(perfil.statusCode, perfil.body).toBe(200);
  const { idTienda: idNorte, token: enNorte, codigoInvitacion: codigoNorte } = await abrirSucursal(t, s.token, { nombreTienda: 'La Ceiba Norte', direccion: 'Carrera 15 # 93-40', telefono: '6017654321' });
  const gaseosaNorte = await productoEn(t, idNorte, 'Gaseosa 400 ml');
  await t.database.db.update(producto).set({ stock: 20 }).where(eq(producto.idProducto, gaseosaNorte));
  return { s, idNorte, enNorte, codigoNorte, gaseosa: gaseosa.json().producto.id as number, gaseosaNorte };
}

const perfilDe = async (tiendaId: number) => (await t.database.db.select().from(perfilFiscal).where(eq(perfilFiscal.tiendaId, tiendaId)))[0];

describe('un NIT por empresa: las sucursales son establecimientos del mismo contribuyente', () => {
  it('la sucursal nace con el NIT y el régimen de la empresa y su propia dirección, y cobra los mismos impuestos; el informe de impuestos va por tienda y consolidado', async () => {
    const { s, idNorte, enNorte, gaseosa, gaseosaNorte } = await empresaResponsable();
    const propio = (await req('GET', '/api/tienda/perfil-fiscal', enNorte)).json().perfil;
    expect(propio).toMatchObject({ nit: '800197268', dv: 4, razonSocial: PERFIL.razonSocial, responsableIva: true, direccion: 'Carrera 15 # 93-40', telefono: '6017654321', correo: PERFIL.correo });
    await abrirCaja(t, s.token);
    await abrirCaja(t, enNorte);
    expect((await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: gaseosa, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 10_000 })).statusCode).toBe(201);
    expect((await req('POST', '/api/ventas', enNorte, { lineas: [{ productoId: gaseosaNorte, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 10_000 })).statusCode).toBe(201);
    const imp = (await req('GET', '/api/empresa/impuestos?periodo=hoy', s.token)).json() as TImpuestosEmpresa;
    // 2 380 with IVA 19 % inside: base 2 000, tax 380 (centavos).
    expect(imp.tiendas.map((x) => [x.nombreTienda, x.tarifas.map((f) => [f.impuesto, f.base, f.valor])])).toEqual([
      ['Surtidor La Ceiba', [['iva19', 400_000, 76_000]]],
      ['La Ceiba Norte', [['iva19', 200_000, 38_000]]],
    ]);
    expect(imp.total.tarifas.map((f) => [f.impuesto, f.base, f.valor])).toEqual([['iva19', 600_000, 114_000]]);
    for (const [i, token] of [s.token, enNorte].entries()) {
      const suyo = (await req('GET', '/api/reportes/impuestos?periodo=hoy', token)).json() as TReporte;
      expect(imp.tiendas[i]!.valor).toBe(suyo.indicadores.find((x) => x.clave === 'impuestoTotal')!.valor);
    }
    expect((await perfilDe(idNorte))!.nit).toBe('800197268');
  });

  it('el dueño cambia los datos del contribuyente en una tienda y llegan a todas; el administrador de una sucursal solo cambia los de su establecimiento', async () => {
    const { s, idNorte, enNorte, codigoNorte } = await empresaResponsable();
    const nuevo = { ...PERFIL, razonSocial: 'Inversiones La Ceiba S.A.S.', nit: '900373076', dv: 4 };
    const r = await req('PUT', '/api/tienda/perfil-fiscal', s.token, nuevo);
    expect(r.statusCode, r.body).toBe(200);
    expect(await perfilDe(idNorte)).toMatchObject({ nit: '900373076', dv: 4, razonSocial: 'Inversiones La Ceiba S.A.S.', direccion: 'Carrera 15 # 93-40' });
    // The branch's activity log says its profile changed.
    const log = (await req('GET', '/api/actividad', enNorte)).json().items as { tipo: string }[];
    expect(log.some((e) => e.tipo === 'perfil_fiscal')).toBe(true);

    // The branch's own administrator (approved at once, as the factories' employees).
    await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, idNorte));
    const admin = await crearEmpleado(t, codigoNorte, { rol: ROL.ADMIN, sinCaja: true });
    const otroNit = await req('PUT', '/api/tienda/perfil-fiscal', admin.token, { ...nuevo, nit: '811000787', dv: 1 });
    expect(otroNit.statusCode, otroNit.body).toBe(403);
    expect(otroNit.json().error.message).toBe(M.impuestos.contribuyenteDeEmpresa);
    expect((await perfilDe(idNorte))!.nit).toBe('900373076');
    expect((await perfilDe(s.id))!.nit).toBe('900373076');
    // Its own establishment's address: yes, and only its own.
    const direccion = await req('PUT', '/api/tienda/perfil-fiscal', admin.token, { ...nuevo, direccion: 'Carrera 15 # 93-42', telefono: '6017654322' });
    expect(direccion.statusCode, direccion.body).toBe(200);
    expect((await perfilDe(idNorte))!.direccion).toBe('Carrera 15 # 93-42');
    expect((await perfilDe(s.id))!.direccion).toBe(PERFIL.direccion);
  });

  it('una tienda sola sigue como antes: su administrador cambia su NIT', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const admin = await crearEmpleado(t, s.codigo, { rol: ROL.ADMIN, sinCaja: true });
    const r = await req('PUT', '/api/tienda/perfil-fiscal', admin.token, { ...PERFIL, responsableIva: false });
    expect(r.statusCode, r.body).toBe(200);
    expect((await perfilDe(s.id))!.nit).toBe('800197268');
  });

  it('una sucursal no autoriza números de un prefijo que ya tiene otra tienda de la empresa; otra empresa sí puede usarlos', async () => {
    const { s, enNorte } = await empresaResponsable();
    const dia = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const rango = async (token: string, prefijo: string, desde: number, hasta: number) => {
      const c = await req('POST', '/api/numeracion/cajas', token, { nombre: `Caja ${prefijo}${desde}`, ubicacion: 'Mostrador' });
      expect(c.statusCode, c.body).toBe(201);
      return req('POST', `/api/numeracion/cajas/${c.json().id}/rangos`, token, { prefijo, desde, hasta, resolucion: '18760000001', fechaDesde: dia(-1), fechaHasta: dia(300) });
    };
    expect((await rango(s.token, 'LC', 1, 1_000)).statusCode).toBe(201);
    const choque = await rango(enNorte, 'LC', 500, 1_500);
    expect(choque.statusCode).toBe(409);
    expect(choque.json().error.message).toBe(M.numeracion.rangoSeSolapaEnOtraTienda('LC', 'Surtidor La Ceiba'));
    // The branch's own numbers of that prefix, or its own prefix, are fine; so are another taxpayer's.
    expect((await rango(enNorte, 'LC', 1_001, 2_000)).statusCode).toBe(201);
    expect((await rango(enNorte, 'LN', 1, 1_000)).statusCode).toBe(201);
    const otra = await crearTienda(t, { nombreTienda: 'Otra empresa' });
    expect((await rango(otra.token, 'LC', 1, 1_000)).statusCode).toBe(201);
    // And the first store, asked for the branch's numbers, is told whose they are.
    const deVuelta = await rango(s.token, 'LN', 900, 1_100);
    expect(deVuelta.json().error.message).toBe(M.numeracion.rangoSeSolapaEnOtraTienda('LN', 'La Ceiba Norte'));
  });
});
