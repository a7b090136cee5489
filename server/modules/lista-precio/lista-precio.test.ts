/**
 * Price lists (issue #59 points 1 and 5, ADR 047) through the store API, on PGlite and PostgreSQL
 * (TEST_DATABASE_URL): the owner makes *Mayorista* with its own prices, a quantity break and a %; the
 * checkout charges a customer with the list exactly what the list says (units, a pack, by weight, on
 * fiado; a line by value keeps its value), a return refunds what was charged, an offline sale keeps the
 * device's prices and is listed under Revisar; permissions, the activity log and tenancy.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { actividad, factura, producto } from '../../db/schema';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { usarPrecios } from './precios.fixtures';

const P = M.precios;
const t = usarApp();
const { req, db, nuevoProducto, cliente, vender, cajaX12, equipoSinRed, empleados, rechazos, permitirAlEncargado } = usarPrecios(t, { producto: 'lista', documentoDesde: 71_000_000, cliente: { nombre: 'Tienda', apellido: 'Vecina' } });

describe('listas de precios de punta a punta', () => {
  let s: Tienda;
  let listaId: number;
  let arroz: number;
  let gaseosa: number;
  let queso: number;
  let aceite: number;
  let paca: number;
  let mayorista: string;
  let vecina: string;

  beforeAll(async () => {
    s = await crearTienda(t);
    arroz = await nuevoProducto(s, 2_500);
    gaseosa = await nuevoProducto(s, 3_333);
    queso = await nuevoProducto(s, 20_000, { unidadDian: 'KGM' });
    aceite = await nuevoProducto(s, 10_000);
    paca = await cajaX12(s, aceite);
    mayorista = await cliente(s, { fiado: true, cupo: 1_000_000 });
    vecina = await cliente(s);
  });

  it('el dueño crea Mayorista, le pone precios, un precio desde 12 y un 10 %, y le asigna un cliente; todo queda en el registro de actividad', async () => {
    const r = await req('POST', '/api/listas-precios', s.token, { nombre: ' Mayorista ', porcentaje: 10 });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().message).toBe(P.creada('Mayorista'));
    listaId = r.json().lista.id;
    expect((await req('POST', '/api/listas-precios', s.token, { nombre: 'mayorista' })).json().error.message).toBe(P.nombreRepetido);
    for (const body of [
      { productoId: arroz, precio: 2_300 },
      { productoId: arroz, desde: 12, precio: '2.100' },
      { productoId: queso, precio: 18_000 },
      { productoId: aceite, precio: 9_000 },
    ]) {
      const p = await req('PUT', `/api/listas-precios/${listaId}/precios`, s.token, body);
      expect(p.statusCode, p.body).toBe(200);
    }
    const malos = [
      [{ productoId: arroz, precio: 0 }, P.precioInvalido],
      [{ productoId: arroz, precio: 2.5 }, P.precioInvalido],
      [{ productoId: arroz, desde: 1.5, precio: 100 }, P.desdeEntero],
      [{ productoId: 999_999, precio: 100 }, P.productoNoExiste],
    ] as const;
    for (const [body, mensaje] of malos) {
      const m = await req('PUT', `/api/listas-precios/${listaId}/precios`, s.token, body);
      expect(m.statusCode).toBeGreaterThanOrEqual(400);
      expect(m.json().error.message).toBe(mensaje);
    }
    const a = await req('PUT', `/api/listas-precios/${listaId}/clientes`, s.token, { documento: mayorista, asignado: true });
    expect(a.statusCode, a.body).toBe(200);
    const detalle = (await req('GET', `/api/listas-precios/${listaId}`, s.token)).json();
    expect(detalle).toMatchObject({ nombre: 'Mayorista', porcentaje: 10, productos: 4, clientes: [{ documento: mayorista }] });
    expect(detalle.precios.filter((p: { productoId: number }) => p.productoId === arroz).map((p: { desde: number; precio: number }) => [p.desde, p.precio])).toEqual([
      [1, 2_300],
      [12, 2_100],
    ]);
    // The till reads the list with the customer (to show it); a customer without one reads null.
    const caja = (await req('GET', `/api/ventas/clientes/${mayorista}`, s.token)).json();
    expect(caja.lista).toMatchObject({ id: listaId, nombre: 'Mayorista', porcentaje: 10 });
    expect(caja.lista.precios).toEqual(expect.arrayContaining([{ productoId: arroz, desde: 12, precio: 2_100 }, { productoId: queso, desde: 1, precio: 18_000 }]));
    expect((await req('GET', `/api/ventas/clientes/${vecina}`, s.token)).json().lista).toBeNull();
    const log = await db().select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'lista_precio')));
    expect(log.map((e) => (e.detalle as { accion: string }).accion)).toEqual(['creada', 'precio', 'precio', 'precio', 'precio', 'cliente']);
    const texto = (await req('GET', '/api/actividad?tipo=lista_precio', s.token)).json().items.map((i: { descripcion: string }) => i.descripcion);
    expect(texto).toContain(`Cambió un precio de la lista de precios «Mayorista»: ${(await db().select().from(producto).where(eq(producto.idProducto, arroz)))[0]!.nombre} desde 12: — → $ 2.100`);
  });

  it('el servidor cobra el precio de la lista: por unidad, desde 12, con el %, la caja, por peso; por valor queda el valor; sin lista, el precio normal', async () => {
    const v = await vender(s.token, [
      { productoId: arroz, cantidad: 2 },
      { productoId: gaseosa, cantidad: 3 },
      { productoId: queso, cantidad: 0.375 },
      { productoId: aceite, cantidad: 1, unidadVentaId: paca },
      { productoId: queso, cantidad: 0.1, importe: 2_000 },
    ], { documentoCliente: mayorista });
    // 2 × 2.300; 3 333 less 10 % = 2 999,7 → 3 000 (half up); 0,375 kg × 18 000; the box: min(114 000 − 10 %, 12 × 9 000) = 102 600; $ 2.000 by value at the base price.
    expect(v.lineas.map((l) => [l.precio, l.subtotal])).toEqual([
      [2_300, 4_600],
      [3_000, 9_000],
      [18_000, 6_750],
      [102_600, 102_600],
      [20_000, 2_000],
    ]);
    expect(v.total).toBe(4_600 + 9_000 + 6_750 + 102_600 + 2_000);
    // 12 units of arroz in the same sale (10 + 2 in two lines would be merged): the break.
    expect((await vender(s.token, [{ productoId: arroz, cantidad: 12 }], { documentoCliente: mayorista })).lineas[0]!.precio).toBe(2_100);
    expect((await vender(s.token, [{ productoId: arroz, cantidad: 2 }], { documentoCliente: vecina })).lineas[0]!.precio).toBe(2_500);
    expect((await vender(s.token, [{ productoId: arroz, cantidad: 2 }])).lineas[0]!.precio).toBe(2_500);
    // What the line records is what the receipt, taxes and reports read.
    const [f] = await db().select().from(factura).where(and(eq(factura.ventaId, v.id), eq(factura.productoId, arroz)));
    expect(f!.precio).toBe(2_300);
  });

  it('fiado al precio de la lista, y la devolución reembolsa lo cobrado', async () => {
    const v = await vender(s.token, [{ productoId: arroz, cantidad: 4 }], { metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: mayorista });
    expect(v.total).toBe(9_200);
    const info = (await req('GET', `/api/ventas/${v.id}/devoluciones`, s.token)).json();
    expect(info.cliente.saldo).toBe(9_200);
    const d = await req('POST', `/api/ventas/${v.id}/devoluciones`, s.token, { motivo: 'Sobró', lineas: [{ facturaId: info.lineas[0].facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(d.statusCode, d.body).toBe(201);
    expect(d.json().total).toBe(2_300);
    expect((await req('GET', `/api/ventas/${v.id}/devoluciones`, s.token)).json().cliente.saldo).toBe(6_900);
  });

  it('una venta sin red guarda los precios que mostró el equipo y queda en Revisar si el cliente tiene lista', async () => {
    const d = await equipoSinRed(s);
    const ahora = new Date().toISOString();
    const r = await req('POST', '/api/sin-red/ventas', s.token, {
      clave: randomUUID(),
      lineas: [{ productoId: arroz, cantidad: 2 }],
      metodoPagoId: 5,
      montoRecibido: 5_000,
      documentoCliente: mayorista,
      sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-1`, fecha: ahora, reloj: ahora },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().total).toBe(5_000);
    const revisar = (await req('GET', '/api/sin-red/revisar', s.token)).json().items.find((i: { ventaId: number }) => i.ventaId === r.json().id);
    expect(revisar.motivos).toContain(P.motivoSinRed('Mayorista'));
  });

  it('quitar el cliente y eliminar la lista vuelven al precio normal; las ventas pasadas no cambian', async () => {
    const otra = (await req('POST', '/api/listas-precios', s.token, { nombre: 'Domicilios', porcentaje: 0 })).json().lista.id;
    // Assigning another list replaces the first.
    expect((await req('PUT', `/api/listas-precios/${otra}/clientes`, s.token, { documento: vecina, asignado: true })).statusCode).toBe(200);
    expect((await req('PUT', `/api/listas-precios/${listaId}/clientes`, s.token, { documento: vecina, asignado: true })).json().lista.clientes).toHaveLength(2);
    expect((await req('GET', `/api/listas-precios/${otra}`, s.token)).json().clientes).toEqual([]);
    expect((await req('PUT', `/api/listas-precios/${listaId}/clientes`, s.token, { documento: vecina, asignado: false })).json().message).toMatch(/vuelve al precio normal/);
    expect((await req('PUT', `/api/listas-precios/${listaId}/clientes`, s.token, { documento: '1', asignado: true })).json().error.message).toBe(P.clienteNoExiste);
    expect((await req('DELETE', `/api/listas-precios/${listaId}`, s.token)).statusCode).toBe(200);
    expect((await vender(s.token, [{ productoId: arroz, cantidad: 2 }], { documentoCliente: mayorista })).lineas[0]!.precio).toBe(2_500);
    expect((await req('GET', `/api/listas-precios/${listaId}`, s.token)).statusCode).toBe(404);
  });
});

describe('impuestos sobre el precio de la lista', () => {
  it('una tienda responsable de IVA: base + IVA de la línea = lo cobrado con la lista', async () => {
    const s = await crearTienda(t);
    const perfil = { razonSocial: 'Mayorista S.A.S.', tipoPersona: 'juridica', nit: '800197268', dv: 4, responsabilidades: ['O-13'], responsableIva: true, departamento: '11', municipio: '11001', direccion: 'Calle 1', telefono: null, correo: 'm@mayorista.co', documentoInformativo: false, valorIncBolsa: 0 };
    expect((await req('PUT', '/api/tienda/perfil-fiscal', s.token, perfil)).statusCode).toBe(200);
    const gaseosa = await nuevoProducto(s, 5_000, { impuesto: 'iva19' });
    const doc = await cliente(s);
    const lista = (await req('POST', '/api/listas-precios', s.token, { nombre: 'Mayorista', porcentaje: 0 })).json().lista.id;
    await req('PUT', `/api/listas-precios/${lista}/precios`, s.token, { productoId: gaseosa, precio: 4_760 });
    await req('PUT', `/api/listas-precios/${lista}/clientes`, s.token, { documento: doc, asignado: true });
    const v = await vender(s.token, [{ productoId: gaseosa, cantidad: 2 }], { documentoCliente: doc });
    expect(v.total).toBe(9_520);
    const imp = (await req('GET', `/api/impuestos/ventas/${v.id}`, s.token)).json();
    // Centavos: 9 520 at 19 % is 8 000 + 1 520.
    expect(imp.tarifas).toEqual([{ impuesto: 'iva19', base: 800_000, valor: 152_000, lineas: 1 }]);
  });
});

describe('quién puede', () => {
  it('solo el rol 1 por defecto; el rechazo queda registrado; el permiso lo da el dueño; otra tienda no ve la lista', async () => {
    const s = await crearTienda(t);
    const { cajero, encargado } = await empleados(s);
    for (const token of [cajero, encargado]) {
      const r = await req('POST', '/api/listas-precios', token, { nombre: 'Mayorista' });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(M.permisos.denegado.listasPrecios);
      expect((await req('GET', '/api/listas-precios', token)).statusCode).toBe(403);
    }
    expect(await rechazos(s)).toEqual(['listasPrecios', 'listasPrecios']);
    await permitirAlEncargado(s, 'listasPrecios');
    const creada = await req('POST', '/api/listas-precios', encargado, { nombre: 'Mayorista', porcentaje: 5 });
    expect(creada.statusCode, creada.body).toBe(201);
    const otra = await crearTienda(t);
    expect((await req('GET', `/api/listas-precios/${creada.json().lista.id}`, otra.token)).statusCode).toBe(404);
    expect((await req('PUT', `/api/listas-precios/${creada.json().lista.id}`, otra.token, { nombre: 'X' })).statusCode).toBe(404);
    expect((await req('GET', '/api/listas-precios', otra.token)).json()).toEqual([]);
  });
});
