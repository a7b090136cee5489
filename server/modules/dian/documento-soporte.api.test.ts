import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actividad, documentoDian, proveedor as tablaProveedor } from '../../db/schema';
import { usarApp } from '../../../tests/helpers/test-app';
import { legacy } from '../../legacy/test-client';
import { client } from '../crud/crud.fixtures';
import { actualizarProveedor } from '../proveedor/proveedor.domain';
import { cuds } from './documento-soporte';
import { hoy, textoXml, usarFerreteria, type Ferreteria } from './ferreteria.fixtures';
import { textoDelPdf } from './pdf-texto.fixtures';

/**
 * Issue #57 point 3, ADR 055: a reception from a supplier who does not invoice gets its documento
 * soporte (type 05, CUDS, the store's DS range), signed into the same outbox, accepted once by the
 * (fake) DIAN through an outage, shown in the reception's detail and the accountant's export; its
 * adjustment note (type 95) for a return; the supplier's data validated.
 */
const t = usarApp();
const { req, dian, ferreteria } = usarFerreteria(t, 905_500_000);

const CAMPESINO = { nombre: 'Pedro Campesino', telefono: '3001234567', email: 'pedro@example.com', obligadoFacturar: false, tipoIdentificacion: 'CC', documento: '1020304050', direccion: 'Vereda El Rosal', municipio: '25899' };

async function conRangoSoporte(s: Ferreteria) {
  const r = await req('POST', `/api/numeracion/cajas/${s.caja}/rangos`, s.token, { fechaDesde: hoy(-10), fechaHasta: hoy(300), resolucion: '18760000009', prefijo: 'DS', desde: 1, hasta: 100, tipo: 'soporte', claveTecnica: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' });
  expect(r.statusCode, r.body).toBe(201);
}

async function proveedor(s: Ferreteria, datos: Record<string, unknown> = CAMPESINO) {
  const r = await req('POST', '/api/proveedores', s.token, datos);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().proveedor.id as number;
}

/** 20 screws at $ 4.550: $ 91.000. */
async function recibir(s: Ferreteria, proveedorId: number) {
  const r = await req('POST', '/api/compras/recepciones', s.token, { proveedorId, facturaNumero: null, cufe: null, lineas: [{ productoId: s.productoId, cantidad: 20, costoUnit: 4_550, vence: null, lote: null }] });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { recepcion: { id: number }; soporte: { documento: { numero: string; cuds: string; estado: string } | null; aviso: string | null } | null };
}

const enviar = async (s: Ferreteria) => expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);

describe('documento soporte (issue #57 punto 3)', { timeout: 180_000 }, () => {
  it('el proveedor que no factura necesita tipo y número de documento, dirección y municipio; un NIT su dígito correcto', async () => {
    const s = await ferreteria(false);
    const sinDatos = await req('POST', '/api/proveedores', s.token, { ...CAMPESINO, direccion: '', municipio: '' });
    expect(sinDatos.statusCode).toBe(400);
    expect(sinDatos.json().error.message).toContain('documento soporte');
    expect(Object.keys(sinDatos.json().error.fields ?? {})).toEqual(expect.arrayContaining(['direccion', 'municipio']));
    const nitMal = await req('POST', '/api/proveedores', s.token, { ...CAMPESINO, tipoIdentificacion: 'NIT', documento: '860034313-1' });
    expect(nitMal.statusCode).toBe(400);
    expect(nitMal.json().error.message).toBe('El dígito de verificación de ese NIT es 7.');
    expect((await req('POST', '/api/proveedores', s.token, { ...CAMPESINO, tipoIdentificacion: 'XX' })).statusCode).toBe(400);
    expect((await req('POST', '/api/proveedores', s.token, { ...CAMPESINO, municipio: '2589' })).statusCode).toBe(400);
    const id = await proveedor(s, { ...CAMPESINO, tipoIdentificacion: 'NIT', documento: '860034313-7' });
    // Editing cannot leave it incomplete either; nothing changes.
    await expect(actualizarProveedor({ db: t.database.db, scope: { tiendaId: s.id }, id, cambios: { direccion: null }, autor: { usuarioId: null, rol: 1, cara: 'tienda' } })).rejects.toThrow(/documento soporte/);
  });

  it('una recepción a quien no factura emite su DS numerado del rango, firmado, en la bandeja; la DIAN lo acepta una vez tras una caída; su nota de ajuste', async () => {
    const s = await ferreteria(false);
    const id = await proveedor(s);
    // Without a DS range the reception goes through and says why it has no DS.
    const sinRango = await recibir(s, id);
    expect(sinRango.soporte).toMatchObject({ documento: null });
    expect(sinRango.soporte!.aviso).toContain('rango de documento soporte');
    await conRangoSoporte(s);

    dian.fake.modo = '503';
    try {
      const r = await recibir(s, id);
      expect(r.soporte!.documento).toMatchObject({ numero: 'DS1', estado: 'pendiente' });
      const [d] = await t.database.db.select().from(documentoDian).where(and(eq(documentoDian.recepcionId, r.recepcion.id), eq(documentoDian.tipo, '05')));
      expect(textoXml(d!.xmlFirmado, 'InvoiceTypeCode')).toBe('05');
      expect(textoXml(d!.xmlFirmado, 'PayableAmount')).toBe('91000.00');
      // The CUDS recomputes from the signed XML with the software PIN.
      const x = (n: string) => textoXml(d!.xmlFirmado, n);
      expect(cuds({ numero: 'DS1', fecha: x('IssueDate'), hora: x('IssueTime'), valorBruto: x('LineExtensionAmount'), iva: '0.00', valorTotal: x('PayableAmount'), numeroVendedor: '1020304050', nitAdquiriente: s.nit, pin: '12345', ambiente: 2 })).toBe(d!.cude);
      await enviar(s);
      expect((await t.database.db.select().from(documentoDian).where(eq(documentoDian.idDocumento, d!.idDocumento)))[0]!.estado).toBe('contingencia');
      expect(dian.fake.envios(d!.cude)).toBe(0);
      // Its PDF waits for DIAN's acceptance, said plainly.
      const pronto = await req('GET', `/api/compras/recepciones/${r.recepcion.id}/soporte/pdf`, s.token);
      expect(pronto.statusCode).toBe(422);
      expect(pronto.body).toMatch(/aún no está aceptado/);

      // A return of 5 screws: its note waits for the DS to be accepted.
      const nota = await req('POST', `/api/compras/recepciones/${r.recepcion.id}/nota-soporte`, s.token, { concepto: 1, motivo: 'Tornillos torcidos devueltos', lineas: [{ productoId: s.productoId, cantidad: 5 }] });
      expect(nota.statusCode, nota.body).toBe(201);
      expect(nota.json().nota).toMatchObject({ concepto: 1, total: 22_750 });
      expect(nota.json().nota.numero).toMatch(/^NS\d+$/);
      const demasiado = await req('POST', `/api/compras/recepciones/${r.recepcion.id}/nota-soporte`, s.token, { concepto: 1, motivo: 'Más de lo recibido', lineas: [{ productoId: s.productoId, cantidad: 25 }] });
      expect(demasiado.statusCode).toBe(422);

      dian.fake.modo = 'aceptar';
      await enviar(s);
      await enviar(s);
      const docs = await t.database.db.select().from(documentoDian).where(eq(documentoDian.recepcionId, r.recepcion.id));
      expect(docs.map((x) => [x.tipo, x.estado]).sort()).toEqual([['05', 'aceptado'], ['95', 'aceptado']]);
      expect(dian.fake.envios(d!.cude)).toBe(1);
      const detalle = await req('GET', `/api/compras/recepciones/${r.recepcion.id}/soporte`, s.token);
      expect(detalle.json()).toMatchObject({ documento: { numero: 'DS1', estado: 'aceptado' }, notas: [{ concepto: 1, estado: 'aceptado' }] });

      // The DS's PDF (ADR 058): the store heads it, the seller who does not invoice is named as such, its CUDS in full.
      const pdf = await t.request({ method: 'GET', url: `/api/compras/recepciones/${r.recepcion.id}/soporte/pdf`, token: s.token });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain('DS1.pdf');
      const texto = textoDelPdf(pdf.rawPayload);
      expect(texto).toContain('Documento soporte N.\u00ba DS1');
      expect(texto).toContain('Ferreter\u00eda El Tornillo S.A.S.');
      expect(texto).toMatch(/Vendedor \\?\(no obligado a facturar\\?\)/);
      expect(texto).toContain('Pedro Campesino');
      expect(texto).toContain('Vereda El Rosal, municipio 25899, Cundinamarca');
      expect(texto).toContain('TOTAL: $ 91.000');
      expect(texto).toContain(`CUDS:`);
      expect(texto).toContain(d!.cude);
      // Its note's, by its number: the DS it adjusts referenced.
      const numeroNota = nota.json().nota.numero as string;
      const pdfNota = await t.request({ method: 'GET', url: `/api/compras/recepciones/${r.recepcion.id}/soporte/pdf?numero=${numeroNota}`, token: s.token });
      expect(pdfNota.statusCode, pdfNota.body).toBe(200);
      const textoNota = textoDelPdf(pdfNota.rawPayload);
      expect(textoNota).toContain(`Nota de ajuste al documento soporte N.\u00ba ${numeroNota}`);
      expect(textoNota).toContain(`Referencia: documento soporte DS1`);
      expect(textoNota).toContain('TOTAL: $ 22.750');
      if (process.env.SOPORTE_PDF) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(`${process.env.SOPORTE_PDF}-ds.pdf`, pdf.rawPayload);
        writeFileSync(`${process.env.SOPORTE_PDF}-nota.pdf`, pdfNota.rawPayload);
      }
      // Another reception's number is not this one's; another store's reception is missing.
      expect((await req('GET', `/api/compras/recepciones/${r.recepcion.id}/soporte/pdf?numero=FE1`, s.token)).statusCode).toBe(422);
      const otra = await ferreteria(false);
      expect((await req('GET', `/api/compras/recepciones/${r.recepcion.id}/soporte/pdf`, otra.token)).statusCode).toBe(404);
    } finally {
      dian.fake.modo = 'aceptar';
    }
    const log = await t.database.db.select().from(actividad).where(eq(actividad.tiendaId, s.id));
    expect(log.map((a) => (a.detalle as { accion?: string }).accion)).toEqual(expect.arrayContaining(['documento_soporte', 'nota_soporte']));

    // The accountant's export lists the DS and its note, the seller as third party.
    const mes = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 7);
    const csv = await req('GET', `/api/dian/contador?mes=${mes}&formato=csv`, s.token);
    expect(csv.statusCode).toBe(200);
    const filas = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));
    const ds = filas.find((f) => f[1] === 'DS1')!;
    expect([ds[0], ds[4], ds[5], ds[15]]).toEqual(['Documento soporte', '1020304050', 'Pedro Campesino', '91000']);
    expect(filas.find((f) => f[0] === 'Nota de ajuste al documento soporte')?.[16]).toBe('DS1');
  });

  it('con orden y sin orden, la recepción a quien no factura lleva su DS; la vista dice lo recibido y lo que queda tras cada nota', async () => {
    const s = await ferreteria(false);
    await conRangoSoporte(s);
    const id = await proveedor(s);
    // Without an order (the form's "Recibir sin orden").
    const sinOrden = await recibir(s, id);
    expect(sinOrden.soporte).toMatchObject({ documento: { numero: 'DS1' }, aviso: null, queda: 91_000, notas: [], lineas: [{ productoId: s.productoId, nombre: 'Tornillo drywall x100', cantidad: 20, unidad: '94' }] });
    // With an order: the same DS, from the same rule.
    const orden = await req('POST', '/api/compras/ordenes', s.token, { proveedorId: id, lineas: [{ productoId: s.productoId, cantidad: 10, costoUnit: 1_000 }], nota: null });
    expect(orden.statusCode, orden.body).toBe(201);
    const conOrden = await req('POST', '/api/compras/recepciones', s.token, { ordenId: orden.json().orden.id, facturaNumero: null, cufe: null, lineas: [{ productoId: s.productoId, cantidad: 10, costoUnit: 1_000, vence: null, lote: null }] });
    expect(conOrden.statusCode, conOrden.body).toBe(201);
    expect(conOrden.json().soporte).toMatchObject({ documento: { numero: 'DS2' }, queda: 10_000 });
    const delaOrden = await req('GET', `/api/compras/ordenes/${orden.json().orden.id}`, s.token);
    expect(delaOrden.json().recepciones[0].soporte).toMatchObject({ documento: { numero: 'DS2' }, queda: 10_000 });

    // A discount, then bad notes refused with Spanish messages and nothing written, then the annulment.
    const url = `/api/compras/recepciones/${sinOrden.recepcion.id}/nota-soporte`;
    const rebaja = await req('POST', url, s.token, { concepto: 3, motivo: 'Descuento por pronto pago', valor: 1_000 });
    expect(rebaja.statusCode, rebaja.body).toBe(201);
    expect(rebaja.json().nota).toMatchObject({ concepto: 3, total: 1_000 });
    for (const [body, status, texto] of [
      [{ concepto: 3, motivo: 'Mucho', valor: 90_001 }, 422, 'La rebaja no puede ser mayor'],
      [{ concepto: 4, motivo: '  ', valor: 10 }, 400, 'Escriba el motivo'],
      [{ concepto: 4, motivo: 'Sin valor' }, 400, 'valor a descontar'],
      [{ concepto: 1, motivo: 'Sin líneas', lineas: [] }, 400, 'qué productos'],
      [{ concepto: 9, motivo: 'Otro' }, 400, 'Elija el motivo'],
    ] as const) {
      const r = await req('POST', url, s.token, body);
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().error.message).toContain(texto);
    }
    const vista = await req('GET', `/api/compras/recepciones/${sinOrden.recepcion.id}/soporte`, s.token);
    expect(vista.json()).toMatchObject({ queda: 90_000, notas: [{ concepto: 3, total: 1_000 }] });
    expect(vista.json().notas).toHaveLength(1);
    const anula = await req('POST', url, s.token, { concepto: 2, motivo: 'Compra registrada dos veces' });
    expect(anula.statusCode, anula.body).toBe(201);
    expect(anula.json().nota.total).toBe(90_000);
    expect((await req('GET', `/api/compras/recepciones/${sinOrden.recepcion.id}/soporte`, s.token)).json()).toMatchObject({ queda: 0, notas: [{ concepto: 3 }, { concepto: 2, total: 90_000 }] });
    expect((await req('POST', url, s.token, { concepto: 3, motivo: 'Otra', valor: 1 })).statusCode).toBe(422);

    // The accountant's export (issue #57 point 6) lists both DS and both notes, each note with its total and its DS.
    const mes = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 7);
    const csv = await req('GET', `/api/dian/contador?mes=${mes}&formato=csv`, s.token);
    const filas = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));
    expect(filas.filter((f) => f[0] === 'Documento soporte').map((f) => [f[1], f[15]])).toEqual([['DS1', '91000'], ['DS2', '10000']]);
    expect(filas.filter((f) => f[0] === 'Nota de ajuste al documento soporte').map((f) => [f[15], f[16]])).toEqual([['1000', 'DS1'], ['90000', 'DS1']]);
    expect((await req('GET', `/api/dian/contador?mes=${mes}&formato=xlsx`, s.token)).statusCode).toBe(200);
  });

  it('la administración y la API heredada llevan los datos del DS del proveedor con la misma regla del dominio', async () => {
    const s = await ferreteria(false);
    await conRangoSoporte(s);
    const crud = client(t, s.token);
    const L = legacy(t);
    // Both faces rename fields only: exigirDatosSoporte (proveedor.domain.ts) refuses. The back-office's form sends text: an unticked box is '', an empty select ''.
    const datos = { nombre: 'Granja La Esperanza', telefono: '3105550000', email: 'granja@correo.co', obligadoFacturar: '', tipoIdentificacion: 'NIT', documento: '900123456-2', direccion: 'Km 3 vía Chía', municipio: '25175' };
    const caras = {
      administracion: {
        crear: async (d: Record<string, string>) => {
          const r = await crud.post('/proveedor', { idProveedor: '', ...d, idTienda: s.id });
          return { ok: r.status === 201, status: r.status, mensaje: r.body?.error?.message as string | undefined, id: r.body?.id as number | undefined };
        },
        editar: async (id: number, d: Record<string, string>) => (await crud.put(`/proveedor/${id}`, { nombre: datos.nombre, telefono: datos.telefono, email: datos.email, ...d })).status === 200,
      },
      heredada: {
        crear: async (d: Record<string, string>) => {
          const r = await L.json('POST', 'proveedor', { registroCrud: true, ...d, id_tienda: s.id }, s.token);
          return { ok: r.body?.success === true, status: r.status, mensaje: (r.body?.mensaje ?? r.body?.error?.message) as string | undefined, id: r.body?.idproveedor as number | undefined };
        },
        editar: async (id: number, d: Record<string, string>) => {
          const r = await L.json('POST', 'proveedor', { actualizar: true, idproveedor: id, nombre: datos.nombre, telefono: datos.telefono, email: datos.email, ...d, id_tienda: s.id }, s.token);
          return r.body?.respuesta === true;
        },
      },
    };
    // A NIT is one supplier of the empresa (ADR 064): each face registers its own.
    const nits: Record<string, { numero: string; mal: string; bien: string }> = { administracion: { numero: '900123456', mal: '2', bien: '8' }, heredada: { numero: '860034313', mal: '1', bien: '7' } };
    for (const [cara, f] of Object.entries(caras)) {
      const nit = nits[cara]!;
      const nitMal = await f.crear({ ...datos, nombre: `${datos.nombre} ${cara}`, documento: `${nit.numero}-${nit.mal}` });
      // The back-office answers 400; the old controller its own failure shape (success false), with the same words.
      expect(nitMal.ok, cara).toBe(false);
      expect(nitMal.mensaje, cara).toContain(`El dígito de verificación de ese NIT es ${nit.bien}.`);
      const sinMunicipio = await f.crear({ ...datos, documento: `${nit.numero}-${nit.bien}`, municipio: '' });
      expect(sinMunicipio.ok, cara).toBe(false);
      expect(sinMunicipio.mensaje, cara).toContain('código DANE del municipio');
      const bien = await f.crear({ ...datos, nombre: `${datos.nombre} ${cara}`, documento: `${nit.numero}-${nit.bien}` });
      expect(bien.ok, JSON.stringify(bien)).toBe(true);
      const [fila] = await t.database.db.select().from(tablaProveedor).where(eq(tablaProveedor.idProveedor, bien.id!));
      expect(fila, cara).toMatchObject({ obligadoFacturar: false, tipoIdentificacion: 'NIT', documento: `${nit.numero}-${nit.bien}`, direccion: 'Km 3 vía Chía', municipio: '25175' });
      // An edit that leaves it without address is refused, nothing saved; its reception gets its DS.
      expect(await f.editar(bien.id!, { direccion: '' }), cara).toBe(false);
      expect((await t.database.db.select().from(tablaProveedor).where(eq(tablaProveedor.idProveedor, bien.id!)))[0]!.direccion).toBe('Km 3 vía Chía');
      expect((await recibir(s, bien.id!)).soporte!.documento, cara).not.toBeNull();
    }
    // The back-office's list reads them back.
    const lista = await crud.get('/proveedor', { q: 'Granja' });
    expect(lista.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ obligadoFacturar: false, tipoIdentificacion: 'NIT', documento: '900123456-8', municipio: '25175' })]));
  });

  it('a un proveedor que factura no se le hace DS; solo el administrador emite la nota', async () => {
    const s = await ferreteria(false);
    await conRangoSoporte(s);
    const factura = await proveedor(s, { nombre: 'Distribuidora S.A.S.', telefono: '6011234567', email: 'ventas@distri.co' });
    const r = await recibir(s, factura);
    expect(r.soporte).toBeNull();
    expect(await t.database.db.select().from(documentoDian).where(eq(documentoDian.recepcionId, r.recepcion.id))).toEqual([]);
    const nota = await req('POST', `/api/compras/recepciones/${r.recepcion.id}/nota-soporte`, s.token, { concepto: 2, motivo: 'Anular' });
    expect(nota.statusCode).toBe(422);
  });
  it('ADR 064: el DS de una recepción a un proveedor que creó otra tienda de la empresa lo emite la tienda que recibe y lo nombra', async () => {
    const s = await ferreteria(false);
    await conRangoSoporte(s);
    // The owner opens a branch and creates the supplier there: it is the empresa's.
    const suc = await req('POST', '/api/sucursales', s.token, { nombreTienda: 'Ferretería Norte' });
    expect(suc.statusCode, suc.body).toBe(201);
    const enSucursal = (await req('POST', '/api/sesion/tienda', s.token, { idTienda: suc.json().idTienda })).json().token as string;
    const creado = await req('POST', '/api/proveedores', enSucursal, { ...CAMPESINO, documento: '1020304099' });
    expect(creado.statusCode, creado.body).toBe(201);
    const id = creado.json().proveedor.id as number;
    const r = await recibir(s, id);
    expect(r.soporte!.documento).toMatchObject({ numero: 'DS1' });
    const [d] = await t.database.db.select().from(documentoDian).where(and(eq(documentoDian.recepcionId, r.recepcion.id), eq(documentoDian.tipo, '05')));
    expect(d!.tiendaId).toBe(s.id);
    expect(d!.xmlFirmado).toContain('1020304099');
    expect(d!.xmlFirmado).toContain('Pedro Campesino');
  });
});
