import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TEmpleadosEmpresa, TImpuestosEmpresa, TProductosEmpresa } from '#shared/schemas/empresa';
import type { TIndicador, TReporte } from '#shared/schemas/reportes';
import { crearEmpleado, crearTienda, peticion } from '../helpers/factories';
import { dosTiendas } from '../helpers/dos-tiendas';
import { usarApp } from '../helpers/test-app';

/**
 * The owner's consolidated reports per product, per person and per tax rate (issue #56 points 4 and
 * 5): `GET /api/empresa/productos`, `/empleados` and `/impuestos` show each store as its own *Por
 * producto*, *Por empleado* and *Impuestos por tarifa* show it, and the empresa's total as their sum;
 * the exports start every row with its store. Only the empresa's owner; another empresa sees only its
 * own store. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);
const fig = (inds: TIndicador[], clave: string) => inds.find((i) => i.clave === clave)?.valor ?? 0;

/** The two stores, with a second product, a cashier of the first store, and a return in the branch. */
async function empresa() {
  const d = await dosTiendas(t);
  const panela = await req('POST', '/api/productos', d.s.token, { nombre: 'Panela 1 kg', precio: 4_500, cantidad: 30, codigoBarras: '7701234567890' });
  expect(panela.statusCode, panela.body).toBe(201);
  const cajero = await crearEmpleado(t, d.s.codigo);
  const v = await req('POST', '/api/ventas', cajero.token, { lineas: [{ productoId: panela.json().producto.id, cantidad: 2 }, { productoId: d.arrozId, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 20_000 });
  expect(v.statusCode, v.body).toBe(201);
  // The branch takes back one of its two rice into stock.
  const lineas = (await req('GET', `/api/ventas/${d.ventaNorte}/devoluciones`, d.enNorte)).json() as { lineas: { facturaId: number }[] };
  const dev = await req('POST', `/api/ventas/${d.ventaNorte}/devoluciones`, d.enNorte, { lineas: [{ facturaId: lineas.lineas[0]!.facturaId, cantidad: 1, destino: 'inventario' }], metodoPagoId: 5, motivo: 'Empaque roto' });
  expect(dev.statusCode, dev.body).toBe(201);
  return d;
}

describe('informes de todas mis tiendas (el dueño)', () => {
  it('por producto: cada tienda como su propio informe, y la empresa suma el mismo producto de cada tienda', async () => {
    const { s, enNorte } = await empresa();
    const r = await req('GET', '/api/empresa/productos?periodo=hoy', s.token);
    expect(r.statusCode, r.body).toBe(200);
    const res = r.json() as TProductosEmpresa;
    expect(res.tiendas.map((x) => x.nombreTienda)).toEqual(['Surtidor La Ceiba', 'La Ceiba Norte']);
    for (const [x, token] of [
      [res.tiendas[0]!, s.token],
      [res.tiendas[1]!, enNorte],
    ] as const) {
      const propio = (await req('GET', '/api/reportes/productos?periodo=hoy', token)).json() as TReporte;
      expect(x.filas.map((f) => [f.puesto, f.producto, f.categoria, f.cantidad, f.bruto, f.descuentos, f.devuelto, f.neto, f.costo, f.margen])).toEqual(
        propio.tablas[0]!.filas.map((f) => [f.puesto, f.producto, f.categoria, f.cantidad, f.bruto, f.descuentos, f.devuelto, f.neto, f.costo, f.margen]),
      );
      expect(x.grupos).toBe(propio.tablas[0]!.total);
      expect(x.neto).toBe(fig(propio.indicadores, 'neto'));
    }
    // The first store: five rice (4 by the account, 1 by the cashier) and two panela; the branch: 2 − 1 returned.
    expect(res.tiendas[0]!.filas.map((f) => [f.producto, f.cantidad, f.neto, f.margen])).toEqual([
      ['Arroz 500 g', 5, 14_000, 4_000],
      ['Panela 1 kg', 2, 9_000, null],
    ]);
    expect(res.tiendas[1]!.filas.map((f) => [f.producto, f.cantidad, f.devuelto, f.neto, f.margen])).toEqual([['Arroz 500 g', 1, 3_000, 3_000, 1_000]]);
    // The empresa: the rice of both stores is one product; the totals are the stores' sums.
    expect(res.total.filas.map((f) => [f.puesto, f.producto, f.cantidad, f.bruto, f.devuelto, f.neto, f.costo, f.margen])).toEqual([
      [1, 'Arroz 500 g', 6, 20_000, 3_000, 17_000, 12_000, 5_000],
      [2, 'Panela 1 kg', 2, 9_000, 0, 9_000, null, null],
    ]);
    expect(res.total.neto).toBe(res.tiendas[0]!.neto + res.tiendas[1]!.neto);
    expect(res.total.grupos).toBe(2);

    const csv = await req('GET', '/api/empresa/productos/exportar?formato=csv&periodo=hoy', s.token);
    expect(csv.statusCode, csv.body).toBe(200);
    const lineas = csv.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lineas[0]!.split(';').slice(0, 3)).toEqual([M.empresa.columnas.tienda, M.empresa.columnas.puesto, M.empresa.columnas.producto]);
    expect(lineas.slice(1).map((l) => l.split(';').slice(0, 4).join(';'))).toEqual([
      'Surtidor La Ceiba;1;Arroz 500 g;Sin categoría',
      'Surtidor La Ceiba;2;Panela 1 kg;Sin categoría',
      'La Ceiba Norte;1;Arroz 500 g;Sin categoría',
      `${M.empresa.todas};1;Arroz 500 g;Sin categoría`,
      `${M.empresa.todas};2;Panela 1 kg;Sin categoría`,
    ]);
    const xlsx = await req('GET', '/api/empresa/productos/exportar?formato=xlsx&periodo=hoy', s.token);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('por empleado e impuestos: cada tienda como sus propios informes, el total su suma', async () => {
    const { s, enNorte } = await empresa();
    const emp = (await req('GET', '/api/empresa/empleados?periodo=hoy', s.token)).json() as TEmpleadosEmpresa;
    const imp = (await req('GET', '/api/empresa/impuestos?periodo=hoy', s.token)).json() as TImpuestosEmpresa;
    for (const [i, token] of [s.token, enNorte].entries()) {
      const propio = (await req('GET', '/api/reportes/empleados?periodo=hoy', token)).json() as TReporte;
      expect(emp.tiendas[i]!.filas.map((f) => [f.persona, f.tickets, f.neto, f.ticketPromedio, f.descuentos, f.autorizados, f.anuladas, f.montoAnulado])).toEqual(
        propio.tablas[0]!.filas.map((f) => [f.persona, f.tickets, f.neto, f.ticketPromedio, f.descuentos, f.autorizados, f.anuladas, f.montoAnulado]),
      );
      const impuestos = (await req('GET', '/api/reportes/impuestos?periodo=hoy', token)).json() as TReporte;
      const x = imp.tiendas[i]!;
      const filas = impuestos.tablas[0]!.filas.filter((f) => f.tarifa !== M.reportes.total);
      expect(x.tarifas.map((f) => [f.tarifa, f.lineas, f.base, f.valor])).toEqual(filas.map((f) => [f.tarifa, f.lineas, f.base, f.impuesto]));
      expect([x.base, x.valor, x.ventas]).toEqual([fig(impuestos.indicadores, 'baseTotal'), fig(impuestos.indicadores, 'impuestoTotal'), fig(impuestos.indicadores, 'tickets')]);
      expect(x.numeracion).toEqual(impuestos.tablas[1]!.filas.map((f) => f.numeracion));
    }
    // The first store: Ana (the cashier) and the store's own login; the branch: its login.
    expect(emp.tiendas[0]!.filas.map((f) => [f.persona, f.tickets, f.neto])).toEqual([
      [M.reportes.tiendaCuenta, 2, 11_200],
      ['Ana Pérez', 1, 11_800],
    ].sort((a, b) => Number(b[2]) - Number(a[2])));
    // Both stores' logins are one row in the total; the cashier is hers.
    expect(emp.total.filas.map((f) => [f.persona, f.tickets, f.neto])).toEqual([
      [M.reportes.tiendaCuenta, 3, 11_200 + 6_000],
      ['Ana Pérez', 1, 11_800],
    ]);
    expect(imp.total.base).toBe(imp.tiendas[0]!.base + imp.tiendas[1]!.base);
    expect(imp.total.valor).toBe(imp.tiendas[0]!.valor + imp.tiendas[1]!.valor);
    expect(imp.total.ventas).toBe(imp.tiendas[0]!.ventas + imp.tiendas[1]!.ventas);
    expect(imp.total.ventas).toBe(4);

    for (const [ruta, primera] of [
      ['empleados', M.empresa.columnas.persona],
      ['impuestos', M.empresa.columnas.tarifa],
    ] as const) {
      const csv = await req('GET', `/api/empresa/${ruta}/exportar?formato=csv&periodo=hoy`, s.token);
      expect(csv.statusCode, csv.body).toBe(200);
      const lineas = csv.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      expect(lineas[0]!.split(';').slice(0, 2)).toEqual([M.empresa.columnas.tienda, primera]);
      expect(lineas[1]!.startsWith('Surtidor La Ceiba;')).toBe(true);
      expect(lineas.some((l) => l.startsWith(`${M.empresa.todas};`))).toBe(true);
    }
  });

  it('un cajero, un encargado y un administrador de la tienda no entran; otra empresa solo ve la suya', async () => {
    const { s } = await dosTiendas(t);
    const urls = ['productos', 'empleados', 'impuestos'].flatMap((x) => [`/api/empresa/${x}`, `/api/empresa/${x}/exportar?formato=csv`]);
    for (const rol of [ROL.EMPLEADO, ROL.ENCARGADO, ROL.ADMIN]) {
      const e = await crearEmpleado(t, s.codigo, { rol });
      for (const url of urls) {
        const r = await req('GET', url, e.token);
        expect(r.statusCode, `${url} rol ${rol}`).toBe(403);
        expect(r.json().error.message).toBe(M.empresa.soloDueno);
      }
    }
    const otra = await crearTienda(t, { nombreTienda: 'Otra Empresa SAS' });
    for (const url of urls) {
      const r = await req('GET', `${url}${url.includes('?') ? '&' : '?'}periodo=hoy`, otra.token);
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).not.toContain('Ceiba');
      expect(r.body, url).not.toContain('Arroz');
    }
    const suyo = (await req('GET', '/api/empresa/productos?periodo=hoy', otra.token)).json() as TProductosEmpresa;
    expect(suyo.tiendas.map((x) => [x.idTienda, x.grupos])).toEqual([[otra.id, 0]]);
    expect((await req('GET', '/api/empresa/impuestos?periodo=rango&desde=2026-05-10&hasta=2026-05-01', otra.token)).statusCode).toBe(400);
  });
});
