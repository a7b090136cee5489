import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { cliente, venta } from '../../db/schema';
import { conRol, crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();
let compartida: Tienda;
beforeAll(async () => {
  compartida = await crearTienda(t);
});
const req = peticion(t);

/** A client without fiado (issue #17): no phone, no credit, nothing owed. */
const SIN_FIADO = { telefono: null, fiado: false, cupo: 0, plazoFiado: 30 };
const SIN_CREDITO = { fiado: false, cupo: 0, saldo: 0, disponible: 0, deudaDesde: null, antiguedadDias: null, vence: null, diasVencida: null };
const MARIA = { documento: '1020304050', tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez', correo: 'maria@correo.co' };

async function nuevoCliente(s: Tienda, body: Record<string, unknown> = {}) {
  const res = await req('POST', '/api/clientes', s.token, { ...MARIA, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().cliente as { id: number; documento: string; nombre: string };
}

describe('registrar cliente', () => {
  it('guarda los campos; el documento sin puntos ni espacios y el correo opcional', async () => {
    const s = await crearTienda(t);
    const res = await req('POST', '/api/clientes', s.token, { ...MARIA, documento: ' 1.020.304.050 ', correo: 'Maria@Correo.CO' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: M.clientes.registrado,
      cliente: { id: expect.any(Number), documento: '1020304050', tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez', correo: 'maria@correo.co', ...SIN_FIADO },
    });
    const sinCorreo = await nuevoCliente(s, { documento: '5566778899', tipoDocumento: 'CE', correo: '' });
    expect(sinCorreo).toMatchObject({ correo: null, tipoDocumento: 'CE' });
    const sinCampo = await nuevoCliente(s, { documento: 'AB123456', tipoDocumento: 'PA', correo: undefined });
    expect(sinCampo).toMatchObject({ documento: 'AB123456', correo: null });
  });

  it.each([
    [{ documento: '' }, 'documento'],
    [{ tipoDocumento: '' }, 'tipoDocumento'],
    [{ nombre: ' ' }, 'nombre'],
    [{ apellido: '' }, 'apellido'],
    [{ nombre: undefined }, 'nombre'],
  ])("los campos obligatorios vacíos dan 'Por favor llene todos los campos' (%o)", async (cambio, campo) => {
    const res = await req('POST', '/api/clientes', compartida.token, { ...MARIA, ...cambio });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: 'Por favor llene todos los campos', fields: { [campo]: 'Por favor llene todos los campos' } });
  });

  it.each([
    [{ tipoDocumento: 'XX' }, 'tipoDocumento', M.registro.tipoDoc],
    [{ correo: 'maria@correo' }, 'correo', M.registro.email],
    [{ documento: '12' }, 'documento', M.clientes.documentoInvalido],
    [{ documento: '10203040-50' }, 'documento', M.clientes.documentoInvalido],
  ])('valida el formato: %o', async (cambio, campo, mensaje) => {
    const res = await req('POST', '/api/clientes', compartida.token, { ...MARIA, ...cambio });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [campo]: mensaje });
  });

  it('el documento es único dentro de la tienda, no entre tiendas', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    await nuevoCliente(s);
    const dup = await req('POST', '/api/clientes', s.token, { ...MARIA, nombre: 'Otra', documento: '1.020.304.050' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'CONFLICT', message: M.clientes.documentoDuplicado, fields: { documento: M.clientes.documentoDuplicado } });
    await nuevoCliente(otra);
  });
});

describe('fiado solo para mayores de edad (issue #36 punto 10)', () => {
  it('una tarjeta de identidad o un registro civil no recibe fiado, ni al registrarlo ni al cambiarle el tipo', async () => {
    const s = await crearTienda(t);
    for (const tipo of ['TI', 'RC']) {
      const res = await req('POST', '/api/clientes', s.token, { ...MARIA, documento: '1001001001', tipoDocumento: tipo, fiado: true, cupo: 50_000 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ message: M.clientes.fiadoSoloMayores });
    }
    expect(await t.database.db.select().from(cliente).where(eq(cliente.tiendaId, s.id))).toEqual([]);
    const adulto = await nuevoCliente(s, { documento: '1001001001', fiado: true, cupo: 50_000 });
    const res = await req('PUT', `/api/clientes/${adulto.id}`, s.token, { ...MARIA, documento: '1001001001', tipoDocumento: 'TI' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ message: M.clientes.fiadoSoloMayores });
    const [row] = await t.database.db.select({ tipo: cliente.tipoDocumento, fiado: cliente.fiado }).from(cliente).where(eq(cliente.idCliente, adulto.id));
    expect(row).toEqual({ tipo: 'CC', fiado: true });
    // Without fiado, a minor is a customer like any other.
    expect((await req('PUT', `/api/clientes/${adulto.id}`, s.token, { ...MARIA, documento: '1001001001', tipoDocumento: 'TI', fiado: false, cupo: 0 })).statusCode).toBe(200);
  });
});

describe('lista de clientes', () => {
  it('busca por nombre, apellido, nombre completo o documento, y pagina', async () => {
    const s = await crearTienda(t);
    await nuevoCliente(s);
    await nuevoCliente(s, { documento: '1098765432', nombre: 'Carlos', apellido: 'Rodríguez', correo: null });
    await nuevoCliente(s, { documento: '1122334455', nombre: 'Luisa', apellido: 'Martínez' });
    const nombres = async (q: string) =>
      ((await req('GET', `/api/clientes?q=${encodeURIComponent(q)}`, s.token)).json().items as { nombre: string }[]).map((c) => c.nombre);
    expect(await nombres('')).toEqual(['Carlos', 'Luisa', 'María']);
    expect(await nombres('carlos')).toEqual(['Carlos']);
    expect(await nombres('MARTÍNEZ')).toEqual(['Luisa']);
    expect(await nombres('maría gómez')).toEqual(['María']);
    // Without the accents, as a cashier types them.
    expect(await nombres('martinez')).toEqual(['Luisa']);
    expect(await nombres('rodriguez')).toEqual(['Carlos']);
    expect(await nombres('maria gomez')).toEqual(['María']);
    expect(await nombres('1122')).toEqual(['Luisa']);
    expect(await nombres('%')).toEqual([]);
    const p2 = (await req('GET', '/api/clientes?page=2&pageSize=2', s.token)).json();
    expect(p2).toEqual({
      total: 3,
      items: [{ id: expect.any(Number), documento: '1020304050', tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez', correo: 'maria@correo.co', ...SIN_FIADO, credito: SIN_CREDITO }],
    });
  });
});

describe('actualizar cliente', () => {
  it('cambia todos los campos, incluso el documento, sin repetir el de otro cliente', async () => {
    const s = await crearTienda(t);
    const maria = await nuevoCliente(s);
    await nuevoCliente(s, { documento: '1098765432', nombre: 'Carlos' });
    const res = await req('PUT', `/api/clientes/${maria.id}`, s.token, {
      documento: '1020304051',
      tipoDocumento: 'TI',
      nombre: 'María José',
      apellido: 'Gómez Ruiz',
      correo: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: M.clientes.actualizado,
      cliente: { id: maria.id, documento: '1020304051', tipoDocumento: 'TI', nombre: 'María José', apellido: 'Gómez Ruiz', correo: null, ...SIN_FIADO },
    });
    // Keeping its own documento is fine; taking another client's is not.
    expect((await req('PUT', `/api/clientes/${maria.id}`, s.token, { ...MARIA, documento: '1020304051' })).statusCode).toBe(200);
    const dup = await req('PUT', `/api/clientes/${maria.id}`, s.token, { ...MARIA, documento: '1098765432' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(M.clientes.documentoDuplicado);
    const vacio = await req('PUT', `/api/clientes/${maria.id}`, s.token, { ...MARIA, apellido: '' });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().error.message).toBe('Por favor llene todos los campos');
  });

  it('otra tienda no ve, no actualiza ni elimina clientes ajenos (404)', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    const maria = await nuevoCliente(s);
    const put = await req('PUT', `/api/clientes/${maria.id}`, otra.token, { ...MARIA, nombre: 'Intrusa' });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.message).toBe(M.generic.notFound);
    expect((await req('DELETE', `/api/clientes/${maria.id}`, otra.token)).statusCode).toBe(404);
    expect((await req('GET', '/api/clientes', otra.token)).json()).toEqual({ items: [], total: 0 });
    const [row] = await t.database.db.select().from(cliente).where(eq(cliente.idCliente, maria.id));
    expect(row!.nombre).toBe('María');
  });
});

describe('eliminar cliente', () => {
  it('el encargado recibe Acción no permitida / No tienes permisos para eliminar clientes.', async () => {
    const s = await crearTienda(t);
    const maria = await nuevoCliente(s);
    const encargado = await conRol(t, s, ROL.ENCARGADO);
    const res = await req('DELETE', `/api/clientes/${maria.id}`, encargado);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', title: 'Acción no permitida', message: 'No tienes permisos para eliminar clientes.' });
    // Role 3 still registers and updates clients.
    expect((await req('POST', '/api/clientes', encargado, { ...MARIA, documento: '999888777' })).statusCode).toBe(201);
    expect((await req('PUT', `/api/clientes/${maria.id}`, encargado, { ...MARIA, nombre: 'Mari' })).statusCode).toBe(200);
    expect((await req('GET', '/api/clientes', s.token)).json().total).toBe(2);
  });

  it('el empleado elimina con el permiso de la tienda (issue #27); las ventas del cliente se conservan sin cliente', async () => {
    const s = await crearTienda(t);
    const maria = await nuevoCliente(s);
    const [v] = await t.database.db.insert(venta).values({ tiendaId: s.id, metodoPagoId: 5, clienteId: maria.id, total: 5000 }).returning();
    const empleado = await conRol(t, s, ROL.EMPLEADO);
    expect((await req('DELETE', `/api/clientes/${maria.id}`, empleado)).statusCode).toBe(403);
    const permisos = (await t.request({ method: 'GET', url: '/api/tienda/permisos', token: s.token })).json();
    permisos.roles[ROL.EMPLEADO].eliminarClientesProveedores = true;
    expect((await t.request({ method: 'PUT', url: '/api/tienda/permisos', token: s.token, payload: permisos })).statusCode).toBe(200);
    const res = await req('DELETE', `/api/clientes/${maria.id}`, empleado);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.clientes.eliminado });
    const [sale] = await t.database.db.select().from(venta).where(eq(venta.idVenta, v!.idVenta));
    expect(sale).toMatchObject({ clienteId: null, total: 5000 });
    expect((await req('GET', '/api/clientes', s.token)).json().total).toBe(0);
    expect((await req('DELETE', `/api/clientes/${maria.id}`, s.token)).statusCode).toBe(404);
  });
});
