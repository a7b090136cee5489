import ExcelJS from 'exceljs';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TLineaAplicacion, TVistaPrevia } from '#shared/schemas/importacion';
import { actividad, cliente, historialPrecio, producto, proveedor } from '../../db/schema';
import { conRol, crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { b64, csv } from './importacion.fixtures';
import { partirNombre } from './importar-clientes';

/**
 * Issue #33 point 1: customers and suppliers come from a spreadsheet too, and a product's tax, unit
 * and cost are columns of the catalogue's file. Each row is checked by its entity's own rules; the
 * preview writes nothing; the same file twice changes nothing.
 */
const t = usarApp();

const MI = M.importacion;
/** Excel's plain "CSV delimitado" in es-CO: Windows-1252. */
const cp1252 = (s: string) => Buffer.from(s, 'latin1');

async function vistaPrevia(entidad: string, token: string, archivo: Buffer | string, mapeo?: object) {
  const res = await t.request({ method: 'POST', url: `/api/importacion/${entidad}/vista-previa`, token, payload: { archivo: b64(archivo), ...(mapeo ? { mapeo } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TVistaPrevia;
}
async function aplicar(entidad: string, token: string, archivo: Buffer | string, mapeo?: object) {
  const res = await t.request({ method: 'POST', url: `/api/importacion/${entidad}/aplicar`, token, payload: { archivo: b64(archivo), ...(mapeo ? { mapeo } : {}) } });
  const lineas = res.statusCode === 200 ? (res.body.trim().split('\n').map((l) => JSON.parse(l)) as TLineaAplicacion[]) : [];
  return { res, fin: lineas.at(-1) };
}

async function clientes(tiendaId: number) {
  return t.database.db
    .select({ documento: cliente.documento, tipo: cliente.tipoDocumento, nombre: cliente.nombre, apellido: cliente.apellido, correo: cliente.correo, telefono: cliente.telefono, fiado: cliente.fiado, cupo: cliente.cupo, plazo: cliente.plazoFiado })
    .from(cliente)
    .where(eq(cliente.tiendaId, tiendaId))
    .orderBy(asc(cliente.documento));
}
async function entradas(tiendaId: number, tipo: string) {
  return t.database.db.select({ detalle: actividad.detalle }).from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, tipo)));
}

describe('importar clientes', () => {
  const ARCHIVO = csv(
    'Cédula;Tipo;Nombre;Apellidos;Celular;Correo;Fiado;Cupo;Plazo',
    '1.020.304.050;CC;María José;Pérez Gómez;300 123 4567;MARIA@correo.co;Sí;200.000;15',
    '79888777;Cédula de ciudadanía;Jesús;Peña;;;No;;',
    'AB123;CC;Luis;Díaz;;;;;',
    '1020304050;CC;Repetida;Otra;;;;;',
    '1098765;TI;Niño;Menor;;;Sí;10.000;',
    '55667788;CC;Ana Lucía Ríos;;3001112233;correo-malo;quizás;;400',
  );

  it('la vista previa muestra los errores de cada fila en español y no escribe nada; aplicar guarda las buenas con sus reglas', async () => {
    const s = await crearTienda(t);
    const v = await vistaPrevia('clientes', s.token, cp1252(ARCHIVO));
    expect(v.mapeo).toMatchObject({ documento: 'Cédula', tipoDocumento: 'Tipo', nombre: 'Nombre', apellido: 'Apellidos', telefono: 'Celular', correo: 'Correo', fiado: 'Fiado', cupo: 'Cupo', plazoFiado: 'Plazo' });
    expect(v.resumen).toEqual({ total: 6, nuevos: 2, actualizados: 0, sinCambios: 0, conError: 4 });
    expect(v.errores.map((e) => e.fila)).toEqual([4, 5, 6, 7]);
    expect(v.errores[0]!.mensajes.join(' ')).toContain('solo números');
    expect(v.errores[1]!.mensajes).toEqual([MI.fila.documentoRepetido(2)]);
    expect(v.errores[2]!.mensajes.join(' ')).toMatch(/menor|mayor/i);
    const fila7 = v.errores[3]!.mensajes.join(' ');
    expect(fila7).toContain(MI.fila.siNo(MI.campos.fiado, 'quizás'));
    expect(fila7).toContain(MI.campos.correo);
    expect(fila7).toContain(MI.campos.plazoFiado);
    expect(v.muestra[0]).toMatchObject({ fila: 2, accion: 'nuevo', nombre: 'María José Pérez Gómez', documento: '1020304050', telefono: '3001234567', correo: 'maria@correo.co' });
    expect(await clientes(s.id)).toEqual([]);

    const r = await aplicar('clientes', s.token, cp1252(ARCHIVO));
    expect(r.fin).toEqual({ tipo: 'fin', resumen: v.resumen });
    expect(await clientes(s.id)).toEqual([
      { documento: '1020304050', tipo: 'CC', nombre: 'María José', apellido: 'Pérez Gómez', correo: 'maria@correo.co', telefono: '3001234567', fiado: true, cupo: 200_000, plazo: 15 },
      { documento: '79888777', tipo: 'CC', nombre: 'Jesús', apellido: 'Peña', correo: null, telefono: null, fiado: false, cupo: 0, plazo: 30 },
    ]);
    // The credit given is logged as a form's would be, and the import once.
    expect((await entradas(s.id, 'credito')).map((e) => e.detalle)).toEqual([expect.objectContaining({ cliente: 'María José Pérez Gómez', anterior: null, nuevo: 200_000, plazoNuevo: 15 })]);
    expect((await entradas(s.id, 'importacion')).map((e) => e.detalle)).toEqual([{ entidad: 'cliente', nuevos: 2, actualizados: 0 }]);

    // The same file again: nothing to do, nothing written.
    const otra = await vistaPrevia('clientes', s.token, cp1252(ARCHIVO));
    expect(otra.resumen).toMatchObject({ nuevos: 0, actualizados: 0, sinCambios: 2 });
    await aplicar('clientes', s.token, cp1252(ARCHIVO));
    expect(await entradas(s.id, 'importacion')).toHaveLength(1);

    // A document written without dots is the same customer; only what differs changes.
    const cambio = csv('Documento;Teléfono', '1020304050;3109998877');
    expect((await vistaPrevia('clientes', s.token, cambio)).muestra[0]).toMatchObject({ accion: 'actualizar', nombre: 'María José Pérez Gómez' });
    await aplicar('clientes', s.token, cambio);
    expect((await clientes(s.id))[0]).toMatchObject({ telefono: '3109998877', cupo: 200_000, fiado: true });
  });

  it('sin el permiso de crédito (rol 2 por defecto), fiado, cupo y plazo son errores de fila; el resto se importa', async () => {
    const s = await crearTienda(t);
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    const archivo = csv('Documento;Nombre;Apellido;Fiado;Cupo', '11111111;Pedro;Ruiz;Sí;50.000', '22222222;Rosa;Mejía;;');
    const v = await vistaPrevia('clientes', cajero, archivo);
    expect(v.errores).toEqual([{ fila: 2, mensajes: [MI.fila.sinPermisoCredito] }]);
    await aplicar('clientes', cajero, archivo);
    expect((await clientes(s.id)).map((c) => c.documento)).toEqual(['22222222']);
    expect(await entradas(s.id, 'credito')).toEqual([]);
  });

  it('sin columna de documento se rechaza el archivo (400) sin escribir', async () => {
    const s = await crearTienda(t);
    const res = await t.request({ method: 'POST', url: '/api/importacion/clientes/aplicar', token: s.token, payload: { archivo: b64(csv('Nombre;Apellido', 'Ana;Ríos')) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MI.entidades.clientes.sinClave);
    const otroCampo = await t.request({ method: 'POST', url: '/api/importacion/clientes/vista-previa', token: s.token, payload: { archivo: b64(csv('Documento;Precio', '1;2')), mapeo: { documento: 'Documento', precio: 'Precio' } } });
    expect(otroCampo.statusCode).toBe(400);
    expect(otroCampo.json().error.message).toBe(MI.campoDesconocido('precio'));
    expect(await clientes(s.id)).toEqual([]);
  });

  it('un nombre completo en una sola columna se parte en nombre y apellidos', () => {
    expect(partirNombre('María Pérez')).toEqual({ nombre: 'María', apellido: 'Pérez' });
    expect(partirNombre('Juan Pérez Gómez')).toEqual({ nombre: 'Juan', apellido: 'Pérez Gómez' });
    expect(partirNombre('Ana Lucía Ríos Díaz')).toEqual({ nombre: 'Ana Lucía', apellido: 'Ríos Díaz' });
    expect(partirNombre('Cher')).toEqual({ nombre: 'Cher', apellido: null });
  });
});

describe('importar proveedores', () => {
  async function xlsx(filas: (string | number)[][]): Promise<Buffer> {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Proveedores');
    for (const f of filas) hoja.addRow(f);
    return Buffer.from(await libro.xlsx.writeBuffer());
  }
  const lista = (tiendaId: number) =>
    t.database.db.select({ nombre: proveedor.nombre, telefono: proveedor.telefono, email: proveedor.email, documento: proveedor.documento }).from(proveedor).where(eq(proveedor.tiendaId, tiendaId)).orderBy(asc(proveedor.nombre));

  it('de un libro de Excel: nuevos, actualizados por nombre (sin importar tildes ni mayúsculas), errores por fila; el mismo archivo dos veces no cambia nada', async () => {
    const s = await crearTienda(t);
    await t.database.db.insert(proveedor).values({ tiendaId: s.id, nombre: 'Distribuidora Andina', telefono: '3001234567', email: 'ventas@andina.co' });
    const libro = await xlsx([
      ['Proveedor', 'Teléfono', 'Correo', 'NIT'],
      ['Lácteos El Campo', 6017654321, 'pedidos@elcampo.co', '900.123.456-7'],
      ['DISTRIBUIDORA ANDINA', '300-765-4321', ''],
      ['Sin Correo', '3001112222', ''],
      ['Teléfono Malo', 'abc', 'x@y.co'],
    ]);
    const v = await vistaPrevia('proveedores', s.token, libro);
    expect(v.resumen).toEqual({ total: 4, nuevos: 1, actualizados: 1, sinCambios: 0, conError: 2 });
    expect(v.errores).toEqual([
      { fila: 4, mensajes: [MI.fila.falta(MI.campos.email)] },
      { fila: 5, mensajes: [MI.fila.campo(MI.campos.telefono, M.proveedores.telefonoInvalido)] },
    ]);
    expect(await lista(s.id)).toHaveLength(1);
    await aplicar('proveedores', s.token, libro);
    expect(await lista(s.id)).toEqual([
      { nombre: 'DISTRIBUIDORA ANDINA', telefono: '3007654321', email: 'ventas@andina.co', documento: null },
      { nombre: 'Lácteos El Campo', telefono: '6017654321', email: 'pedidos@elcampo.co', documento: '900123456-7' },
    ]);
    expect((await vistaPrevia('proveedores', s.token, libro)).resumen).toMatchObject({ nuevos: 0, actualizados: 0, sinCambios: 2 });
    expect((await entradas(s.id, 'importacion')).map((e) => e.detalle)).toEqual([{ entidad: 'proveedor', nuevos: 1, actualizados: 1 }]);
  });
});

describe('impuesto, unidad y costo en el archivo de productos', () => {
  const ARCHIVO = csv(
    'Código;Nombre;Precio;Costo;IVA;Unidad',
    '7701;Queso campesino;12.000;8.500,00;Exento;kg',
    '7702;Gaseosa 400 ml;2.500;1.800;IVA 19 %;und',
    '7703;Arroz suelto;1.500;;5%;libra',
    '7704;Bolsa plástica;66;;IVA del 30;',
  );
  const productos = (tiendaId: number) =>
    t.database.db
      .select({ nombre: producto.nombre, impuesto: producto.impuesto, unidad: producto.unidadDian, costo: producto.costo, promedio: producto.costoPromedio })
      .from(producto)
      .where(eq(producto.tiendaId, tiendaId))
      .orderBy(asc(producto.codigoBarras));

  it('el impuesto y la unidad se leen como los escribe una tienda; la libra y un impuesto desconocido son errores de fila; el costo queda con su historial', async () => {
    const s = await crearTienda(t);
    const v = await vistaPrevia('productos', s.token, ARCHIVO);
    expect(v.mapeo).toMatchObject({ costo: 'Costo', impuesto: 'IVA', unidad: 'Unidad' });
    expect(v.errores).toEqual([
      { fila: 4, mensajes: [MI.fila.libra] },
      { fila: 5, mensajes: [MI.fila.impuestoInvalido('IVA del 30')] },
    ]);
    await aplicar('productos', s.token, ARCHIVO);
    expect(await productos(s.id)).toEqual([
      { nombre: 'Queso campesino', impuesto: 'exento', unidad: 'KGM', costo: 8500, promedio: 8500 },
      { nombre: 'Gaseosa 400 ml', impuesto: 'iva19', unidad: '94', costo: 1800, promedio: 1800 },
    ]);
    const costos = await t.database.db.select({ nuevo: historialPrecio.nuevo }).from(historialPrecio).where(and(eq(historialPrecio.tiendaId, s.id), eq(historialPrecio.campo, 'costo')));
    expect(costos.map((c) => c.nuevo).sort()).toEqual([1800, 8500]);
    expect((await vistaPrevia('productos', s.token, ARCHIVO)).resumen).toMatchObject({ nuevos: 0, actualizados: 0, sinCambios: 2 });

    // A later cost changes the last cost; the average stays the receipts' to keep.
    await aplicar('productos', s.token, csv('Código;Nombre;Costo', '7701;Queso campesino;9.000'));
    expect((await productos(s.id))[0]).toMatchObject({ costo: 9000, promedio: 8500 });
  });

  it('quien no ve costos ni cambia precios (el rol 2 de una tienda nueva, issue #51 puntos 4 y 8) no da ni cambia un costo: error de fila, nada se escribe', async () => {
    const s = await crearTienda(t);
    await aplicar('productos', s.token, csv('Nombre;Precio;Costo', 'Panela;2.500;1.900'));
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    const archivo = csv('Nombre;Precio;Costo', 'Panela;2.500;2.000', 'Sal;1.200;800');
    const v = await vistaPrevia('productos', cajero, archivo);
    expect(v.errores).toEqual([
      { fila: 2, mensajes: [MI.fila.sinPermisoCostos] },
      { fila: 3, mensajes: [MI.fila.sinPermisoCostos] },
    ]);
    expect(v.resumen).toMatchObject({ nuevos: 0, conError: 2 });
    await aplicar('productos', cajero, archivo);
    expect(await productos(s.id)).toEqual([expect.objectContaining({ nombre: 'Panela', costo: 1900 })]);
  });
});

describe('lo exportado se vuelve a importar sin cambios', () => {
  it('productos (con impuesto, unidad y costo) y clientes: el CSV de la tienda, importado de nuevo, no cambia nada', async () => {
    const s = await crearTienda(t);
    await aplicar('productos', s.token, csv('Código;Nombre;Precio;Costo;Impuesto;Unidad;Stock', '7701;Queso campesino;12.000;8.500;Exento;kg;4', '7702;Gaseosa;2.500;1.800;IVA 19 %;und;30', ';Bolsa;66;;INC bolsas plásticas;;100'));
    await aplicar('clientes', s.token, csv('Documento;Nombre;Apellido;Fiado;Cupo;Plazo', '1020304050;María;Pérez;Sí;200.000;15', '79888777;Jesús;Peña;No;;'));
    for (const entidad of ['productos', 'clientes']) {
      const exportado = await t.request({ method: 'GET', url: `/api/${entidad}/exportar/csv`, token: s.token });
      expect(exportado.statusCode).toBe(200);
      const v = await vistaPrevia(entidad, s.token, exportado.rawPayload);
      expect(v.errores, entidad).toEqual([]);
      expect(v.resumen, entidad).toMatchObject({ nuevos: 0, actualizados: 0, sinCambios: entidad === 'productos' ? 3 : 2 });
    }
  });
});

