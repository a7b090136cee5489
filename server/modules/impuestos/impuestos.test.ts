import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { IMPUESTOS, type TImpuesto } from '#shared/impuestos';
import { factura, perfilFiscal, producto } from '../../db/schema';
import { conRol, crearTienda, peticion, ventaEnEfectivo, type Tienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { mesDeTienda } from '../../../tests/helpers/dia-tienda';

/**
 * Taxes (issue #30): the fiscal profile and its NIT check, the classification of products by category,
 * the refusal to switch to IVA with unclassified products, and the tax each sale line records on every
 * face, split by one rounding rule so the by-rate report equals what was paid.
 */
let t: TestApp;
let req: ReturnType<typeof peticion>;
beforeAll(async () => {
  t = await createTestApp();
  req = peticion(t);
});
afterAll(() => t?.close());

const PERFIL = {
  razonSocial: 'Tienda Doña Rosa S.A.S.',
  tipoPersona: 'juridica',
  nit: '800197268',
  dv: 4,
  responsabilidades: ['O-13', 'O-23'],
  responsableIva: false,
  departamento: '11',
  municipio: '11001',
  direccion: 'Calle 10 # 5-23',
  telefono: '6013456789',
  correo: 'Facturas@DonaRosa.co',
  documentoInformativo: true,
  valorIncBolsa: 66,
};

async function crearProducto(s: Tienda, nombre: string, precio: number, categoria: string | null, impuesto: TImpuesto | null = null) {
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre, precioUnit: precio, stock: 100_000, marca: 'M', categoria, impuesto }).returning();
  return p!.idProducto;
}

describe('datos fiscales de la tienda', { timeout: 60_000 }, () => {
  it('una tienda nueva no tiene; el rol 1 los guarda y cualquier rol los lee', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    expect((await req('GET', '/api/tienda/perfil-fiscal', s.token)).json()).toEqual({ perfil: null, sinClasificar: 0 });
    const r = await req('PUT', '/api/tienda/perfil-fiscal', s.token, PERFIL);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().perfil).toEqual({ ...PERFIL, correo: 'facturas@donarosa.co' });
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    expect((await req('GET', '/api/tienda/perfil-fiscal', cajero)).json().perfil.nit).toBe('800197268');
    const put = await req('PUT', '/api/tienda/perfil-fiscal', cajero, { ...PERFIL, razonSocial: 'Otra' });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toBe(M.impuestos.soloAdministrador);
  });

  it('un dígito de verificación que no es el del NIT se rechaza con el correcto, y nada cambia', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await req('PUT', '/api/tienda/perfil-fiscal', s.token, PERFIL);
    const r = await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, razonSocial: 'Cambiada', dv: 5 });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields.dv).toBe(M.impuestos.dvInvalido(4));
    for (const [campo, valor, mensaje] of [
      ['nit', '800.197.268', M.impuestos.nitInvalido],
      ['municipio', '05001', M.impuestos.municipioInvalido],
      ['departamento', '1', M.impuestos.departamentoInvalido],
      ['tipoPersona', 'empresa', M.impuestos.tipoPersonaInvalido],
      ['responsabilidades', ['O-99'], M.impuestos.responsabilidadInvalida],
      ['valorIncBolsa', -1, M.impuestos.valorBolsaInvalido],
      ['correo', 'sin-arroba', M.impuestos.correoInvalido],
    ] as const) {
      const x = await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, razonSocial: 'Cambiada', [campo]: valor });
      expect(x.statusCode, campo).toBe(400);
      expect(JSON.stringify(x.json().error), campo).toContain(mensaje);
    }
    expect((await req('GET', '/api/tienda/perfil-fiscal', s.token)).json().perfil.razonSocial).toBe(PERFIL.razonSocial);
  });

  it('los códigos DANE vacíos se rechazan diciendo que faltan, cada uno en su campo (issue #52 punto 7)', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const r = await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, departamento: '', municipio: ' ' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields).toMatchObject({ departamento: M.impuestos.departamentoRequerido, municipio: M.impuestos.municipioRequerido });
    expect(M.impuestos.departamentoRequerido).toMatch(/^Falta el código DANE del departamento/);
  });
});

describe('pasar la tienda a responsable de IVA', { timeout: 60_000 }, () => {
  it('se niega mientras un producto no tenga impuesto; la asignación por categoría los clasifica', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await crearProducto(s, 'Gaseosa 400 ml', 2500, 'Bebidas');
    await crearProducto(s, 'Jugo Hit', 2000, 'Bebidas');
    const arroz = await crearProducto(s, 'Arroz 500 g', 2800, 'Granos');
    const suelto = await crearProducto(s, 'Producto suelto', 1000, null);

    const negado = await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, responsableIva: true });
    expect(negado.statusCode).toBe(422);
    expect(negado.json().error.message).toBe(M.impuestos.sinClasificar(4));
    expect(await t.database.db.select().from(perfilFiscal).where(eq(perfilFiscal.tiendaId, s.id))).toEqual([]);

    const cl = (await req('GET', '/api/impuestos/clasificacion', s.token)).json();
    expect(cl.totalSinImpuesto).toBe(4);
    expect(cl.categorias).toEqual([
      { categoria: 'Bebidas', impuesto: null, diferia: false, productos: 2, sinImpuesto: 2 },
      { categoria: 'Granos', impuesto: null, diferia: false, productos: 1, sinImpuesto: 1 },
      { categoria: null, impuesto: null, diferia: false, productos: 1, sinImpuesto: 1 },
    ]);
    expect(cl.sinImpuesto.map((p: { nombre: string }) => p.nombre)).toEqual(['Gaseosa 400 ml', 'Jugo Hit', 'Arroz 500 g', 'Producto suelto']);

    expect((await req('PUT', '/api/impuestos/categorias', s.token, { categoria: 'Bebidas', impuesto: 'iva19' })).json()).toEqual({ actualizados: 2, sinClasificar: 2 });
    // A product's own tax wins over its category's.
    expect((await req('PUT', '/api/impuestos/productos', s.token, { productoIds: [arroz], impuesto: 'excluido' })).json()).toEqual({ actualizados: 1, sinClasificar: 1 });
    expect((await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, responsableIva: true })).json().error.message).toBe(M.impuestos.sinClasificar(1));
    await req('PUT', '/api/impuestos/productos', s.token, { productoIds: [suelto], impuesto: 'iva5', unidadDian: 'KGM' });

    const ok = await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, responsableIva: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ perfil: { responsableIva: true }, sinClasificar: 0 });
    // Once responsible, a product cannot go back to having no tax.
    const atras = await req('PUT', '/api/impuestos/productos', s.token, { productoIds: [suelto], impuesto: null });
    expect(atras.statusCode).toBe(422);
    expect((await t.database.db.select({ i: producto.impuesto }).from(producto).where(eq(producto.idProducto, suelto)))[0]!.i).toBe('iva5');

    // Each change is in the activity log (issue #27 point 6); the refused ones left nothing there.
    expect((await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, responsableIva: true, direccion: 'Calle 10 # 4-20' })).statusCode).toBe(200);
    const log = (await req('GET', '/api/actividad', s.token)).json().items as { tipo: string; descripcion: string }[];
    const fiscales = log.filter((e) => e.tipo === 'perfil_fiscal').map((e) => e.descripcion);
    expect(fiscales).toHaveLength(2);
    expect(fiscales[0]).toBe(`Cambió los datos fiscales: ${M.impuestos.perfil.direccion}. Responsable de IVA: sí`);
    expect(fiscales[1]).toMatch(/^Registró los datos fiscales: Razón social o nombre, .+\. Responsable de IVA: sí$/);
    const impuestos = log.filter((e) => e.tipo === 'impuesto').map((e) => e.descripcion);
    expect(impuestos).toEqual([
      'Impuesto de 1 producto: IVA 5 %',
      'Impuesto de 1 producto: Excluido',
      'Impuesto de la categoría «Bebidas»: IVA 19 % (2 productos lo heredan)',
    ]);
  });

  it('solo el rol 1 clasifica; los productos de otra tienda no se tocan (404)', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const otra = await crearTienda(t, { sinCaja: true });
    const ajeno = await crearProducto(otra, 'Ajeno', 1000, 'X');
    await crearProducto(s, 'Propio', 1000, 'X');
    const enc = await conRol(t, s, ROL.ENCARGADO);
    expect((await req('PUT', '/api/impuestos/categorias', enc, { categoria: 'X', impuesto: 'iva19' })).statusCode).toBe(403);
    expect((await req('GET', '/api/impuestos/clasificacion', enc)).statusCode).toBe(403);
    expect((await req('PUT', '/api/impuestos/productos', s.token, { productoIds: [ajeno], impuesto: 'iva19' })).statusCode).toBe(404);
    expect((await req('PUT', '/api/impuestos/categorias', s.token, { categoria: 'No existe', impuesto: 'iva19' })).statusCode).toBe(404);
    expect((await t.database.db.select({ i: producto.impuesto }).from(producto).where(eq(producto.idProducto, ajeno)))[0]!.i).toBeNull();
  });
});

describe('cada línea vendida guarda su impuesto; el informe por tarifa suma lo pagado', { timeout: 300_000 }, () => {
  let s: Tienda;
  const ids: Record<string, number> = {};
  const mes = mesDeTienda();
  beforeAll(async () => {
    s = await crearTienda(t);
    ids.gaseosa = await crearProducto(s, 'Gaseosa', 2500, 'Bebidas');
    ids.arroz = await crearProducto(s, 'Arroz', 2800, 'Granos', 'iva5');
    ids.almuerzo = await crearProducto(s, 'Almuerzo', 12_000, 'Comidas', 'inc8');
    ids.huevos = await crearProducto(s, 'Huevos', 500, 'Huevos', 'excluido');
    ids.cuaderno = await crearProducto(s, 'Cuaderno', 3000, 'Papelería', 'exento');
    ids.bolsa = await crearProducto(s, 'Bolsa', 100, 'Bolsas', 'bolsa');
    await req('PUT', '/api/impuestos/categorias', s.token, { categoria: 'Bebidas', impuesto: 'iva19' });
  });

  it('una tienda sin impuestos vende como hoy: líneas sin impuesto y total igual', async () => {
    const r = await req('POST', '/api/ventas', s.token, ventaEnEfectivo(5000, [ids.gaseosa!, 2]));
    expect(r.statusCode, r.body).toBe(201);
    const lineas = await t.database.db.select().from(factura).where(eq(factura.ventaId, r.json().id));
    expect(lineas.map((l) => [l.impuesto, l.valorBolsa])).toEqual([[null, null]]);
    const inf = (await req('GET', `/api/impuestos/informe?mes=${mes}`, s.token)).json();
    expect(inf).toMatchObject({ tarifas: [], ventas: 1, total: 500000, sinImpuesto: { base: 500000, lineas: 1 } });
  });

  it('responsable de IVA: 19 %, 5 %, INC 8 %, excluido, exento y bolsa, con descuentos; Σ base + impuesto = lo pagado', async () => {
    await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, responsableIva: true });
    const antes = (await req('GET', `/api/impuestos/informe?mes=${mes}`, s.token)).json();
    const r = await req('POST', '/api/ventas', s.token, ventaEnEfectivo(20_000, [ids.gaseosa!, 2], [ids.arroz!, 1], [ids.bolsa!, 3]));
    expect(r.statusCode, r.body).toBe(201);
    const lineas = await t.database.db.select().from(factura).where(eq(factura.ventaId, r.json().id));
    expect(lineas.map((l) => [l.impuesto, l.valorBolsa])).toEqual([
      ['iva19', null],
      ['iva5', null],
      ['bolsa', 66],
    ]);
    const inf = (await req('GET', `/api/impuestos/informe?mes=${mes}`, s.token)).json();
    // 5.000 at 19 %: base 4.201,68, IVA 798,32; 2.800 at 5 %: 2.666,67 + 133,33; bags: 3 × 66 = 198 INC, base 102.
    expect(inf.tarifas).toEqual([
      { impuesto: 'iva19', base: 420168, valor: 79832, lineas: 1 },
      { impuesto: 'iva5', base: 266667, valor: 13333, lineas: 1 },
      { impuesto: 'bolsa', base: 10200, valor: 19800, lineas: 1 },
    ]);
    expect(inf.total - antes.total).toBe((5000 + 2800 + 300) * 100);
    // The receipt's tax part: the same figures for this sale; another store gets 404.
    const recibo = (await req('GET', `/api/impuestos/ventas/${r.json().id}`, s.token)).json();
    expect(recibo.fiscal).toEqual({ razonSocial: PERFIL.razonSocial, nit: '800197268', dv: 4, responsableIva: true, documentoInformativo: true });
    expect(recibo.tarifas).toEqual(inf.tarifas);
    const otra = await crearTienda(t, { sinCaja: true });
    expect((await req('GET', `/api/impuestos/ventas/${r.json().id}`, otra.token)).statusCode).toBe(404);
  });

  it('el reporte Z trae la base y el impuesto por tarifa de las ventas del turno, congelados al cerrar', async () => {
    const z = await crearTienda(t);
    const gaseosa = await crearProducto(z, 'Gaseosa', 2500, 'Bebidas', 'iva19');
    const arroz = await crearProducto(z, 'Arroz', 2800, 'Granos', 'iva5');
    expect((await req('PUT', '/api/tienda/perfil-fiscal', z.token, { ...PERFIL, responsableIva: true })).statusCode).toBe(200);
    const vender = async (lineas: { productoId: number; cantidad: number }[]) => {
      const r = await req('POST', '/api/ventas', z.token, { lineas, metodoPagoId: 5, montoRecibido: 50_000 });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    await vender([{ productoId: gaseosa, cantidad: 2 }]);
    const otra = await vender([{ productoId: arroz, cantidad: 1 }]);
    const turnoId = (await req('GET', '/api/caja/turno', z.token)).json().turno.id as number;
    // 5.000 at 19 %: base 4.201,68, IVA 798,32; 2.800 at 5 %: 2.666,67 + 133,33.
    const esperado = [
      { impuesto: 'iva19', base: 420168, valor: 79832, lineas: 1 },
      { impuesto: 'iva5', base: 266667, valor: 13333, lineas: 1 },
    ];
    expect((await req('GET', `/api/caja/turnos/${turnoId}`, z.token)).json().impuestos).toEqual(esperado);
    const cierre = await req('POST', `/api/caja/turnos/${turnoId}/cerrar`, z.token, { efectivo: 7_800 });
    expect(cierre.statusCode, cierre.body).toBe(200);
    expect(cierre.json().impuestos).toEqual(esperado);
    // Annulled after the close: the closed report keeps what it counted.
    await req('POST', '/api/caja/turnos', z.token, { fondoInicial: 0 });
    expect((await req('POST', `/api/ventas/${otra}/anular`, z.token)).statusCode).toBe(200);
    expect((await req('GET', `/api/caja/turnos/${turnoId}`, z.token)).json().impuestos).toEqual(esperado);
    // A store not responsible for IVA reports no rates.
    const sinIva = await crearTienda(t);
    const sinIvaTurno = (await req('GET', '/api/caja/turno', sinIva.token)).json().turno.id as number;
    expect((await req('GET', `/api/caja/turnos/${sinIvaTurno}`, sinIva.token)).json().impuestos).toEqual([]);
  });

  it('propiedad: ventas al azar con cada tarifa, cantidades y descuentos; el informe por tarifa suma exactamente lo cobrado', async () => {
    const nombres = ['gaseosa', 'arroz', 'almuerzo', 'huevos', 'cuaderno', 'bolsa'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ p: fc.constantFrom(...nombres), cantidad: fc.integer({ min: 1, max: 30 }), desc: fc.option(fc.integer({ min: 0, max: 100 })) }), { minLength: 1, maxLength: 6 }),
        fc.option(fc.integer({ min: 0, max: 50 })),
        async (lineas, descVenta) => {
          const antes = (await req('GET', `/api/impuestos/informe?mes=${mes}`, s.token)).json();
          const conDesc = lineas.some((l) => l.desc !== null) || descVenta !== null;
          const r = await req('POST', '/api/ventas', s.token, {
            lineas: lineas.map((l) => ({ productoId: ids[l.p], cantidad: l.cantidad, ...(l.desc !== null ? { descuento: { tipo: 'porcentaje', valor: l.desc } } : {}) })),
            ...(descVenta !== null ? { descuento: { tipo: 'porcentaje', valor: descVenta } } : {}),
            ...(conDesc ? { motivoDescuento: 'Cliente frecuente' } : {}),
            metodoPagoId: 5,
            montoRecibido: 1_000_000,
          });
          expect(r.statusCode, r.body).toBe(201);
          const total = r.json().total as number;
          const despues = (await req('GET', `/api/impuestos/informe?mes=${mes}`, s.token)).json();
          expect(despues.total - antes.total).toBe(total * 100);
          const suma = (inf: { tarifas: { base: number; valor: number }[]; sinImpuesto: { base: number } }) => inf.tarifas.reduce((x, t) => x + t.base + t.valor, 0) + inf.sinImpuesto.base;
          expect(suma(despues)).toBe(despues.total);
          expect(despues.tarifas.map((x: { impuesto: string }) => x.impuesto).every((i: string) => (IMPUESTOS as readonly string[]).includes(i))).toBe(true);
        },
      ),
      { numRuns: 15, seed: 30 },
    );
  });

  it('el CSV del mes: BOM, punto y coma, coma decimal, fechas dd/mm/aaaa y tildes', async () => {
    const r = await t.request({ method: 'GET', url: `/api/impuestos/informe/archivo?mes=${mes}&formato=csv`, token: s.token });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    const bytes = r.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const texto = bytes.toString('utf8');
    expect(texto.split('\r\n')[0]).toBe('\uFEFFDesde;Hasta;Tarifa;Base;Impuesto;Total;Líneas');
    // 01/mm/aaaa;dd/mm/aaaa;IVA 19 %;4201,68;798,32;…
    expect(texto).toMatch(/\n01\/\d{2}\/\d{4};\d{2}\/\d{2}\/\d{4};IVA 19 %;\d+(,\d{1,2})?;\d+(,\d{1,2})?;/);
    expect(texto).toContain(';INC bolsas plásticas;');
    const xlsx = await t.request({ method: 'GET', url: `/api/impuestos/informe/archivo?mes=${mes}&formato=xlsx`, token: s.token });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const mal = await t.request({ method: 'GET', url: `/api/impuestos/informe/archivo?mes=2024-13`, token: s.token });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().error.message).toBe(M.impuestos.informe.mesInvalido);
  });
});
