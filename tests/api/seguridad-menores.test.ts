import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { cliente, producto, tienda } from '../../server/db/schema';
import { legacy } from '../../server/legacy/test-client';
import { crearEmpleado, crearTienda, PASSWORD, type Tienda } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue #28 point 4, the small findings: /api/docs in production, e-mails with commas or angle
 * brackets, the receipt's phone as any text, and bidirectional control characters in names and free
 * texts (they make a screen, a receipt or a label show other text than the one kept), on every face.
 */
let t: TestApp;
let s: Tienda;
beforeAll(async () => {
  t = await createTestApp();
  s = await crearTienda(t, { sinCaja: true });
});
afterAll(() => t?.close());

describe('/api/docs', { timeout: 120_000 }, () => {
  it('en producción lo lee solo un rol 1 con sesión; API_DOCS=public lo abre', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' }, { database: t.database });
    try {
      expect((await prod.request({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
      const cajero = await crearEmpleado(prod, s.codigo, { sinCaja: true });
      expect((await prod.request({ method: 'GET', url: '/api/docs', token: cajero.token })).statusCode).toBe(403);
      const encargado = await crearEmpleado(prod, s.codigo, { sinCaja: true, rol: ROL.ENCARGADO });
      expect((await prod.request({ method: 'GET', url: '/api/docs', token: encargado.token })).statusCode).toBe(403);
      const admin = await prod.request({ method: 'GET', url: '/api/docs', token: s.token });
      expect(admin.statusCode).toBe(200);
      expect(Object.keys(admin.json().paths)).toContain('/api/ventas');
    } finally {
      await prod.app.close();
    }
    const abierto = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'public' }, { database: t.database });
    try {
      expect((await abierto.request({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await abierto.app.close();
    }
  });
});

describe('correos y teléfonos', { timeout: 120_000 }, () => {
  const malos = ['x,y<a@evil.co>', 'ana <ana@tienda.co>', 'ana pérez@tienda.co', 'a@b', '"a"@tienda.co', 'a@tienda..co', 'a@-tienda.co'];

  it('un correo con comas, ángulos, espacios o comillas no se registra en ninguna cara', async () => {
    for (const email of malos) {
      const r = await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Mala', email, contrasena: PASSWORD } });
      expect(r.statusCode, email).toBe(400);
      expect(r.json().error.fields?.email, email).toBe(M.registro.email);
      const c = await t.request({ method: 'POST', url: '/api/clientes', token: s.token, payload: { documento: '1234567', tipoDocumento: 'CC', nombre: 'Ana', apellido: 'Ruiz', correo: email } });
      expect(c.statusCode, email).toBe(400);
      const p = await t.request({ method: 'POST', url: '/api/proveedores', token: s.token, payload: { nombre: 'Prov', telefono: '3001234567', email } });
      expect(p.statusCode, email).toBe(400);
      const crud = await t.request({ method: 'POST', url: '/api/crud/proveedor', token: s.token, payload: { nombre: 'Prov', telefono: '3001234567', email } });
      expect(crud.statusCode, email).toBe(400);
    }
    const bueno = await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Buena', email: 'ana.perez+caja@tienda-uno.com.co', contrasena: PASSWORD } });
    expect(bueno.statusCode, bueno.body).toBe(201);
  });

  it('el teléfono del recibo lleva solo dígitos, con +57 si se quiere', async () => {
    const guardar = (telefono: unknown) => t.request({ method: 'PUT', url: '/api/tienda/ajustes', token: s.token, payload: { nit: '900123456', direccion: 'Calle 1', telefono, anchoPapel: '80', pieRecibo: 'Gracias' } });
    for (const telefono of ['llámenos ya', '300-ABC-1234', '+1 555 1234567', '123', '<b>3001234567</b>', '57+3001234567']) {
      const r = await guardar(telefono);
      expect(r.statusCode, telefono).toBe(400);
      expect(r.json().error.fields?.telefono, telefono).toBe(M.ajustesTienda.telefonoInvalido);
    }
    for (const [telefono, guardado] of [['3001234567', '3001234567'], ['+57 601 345 6789', '+576013456789'], ['(601) 345-6789', '6013456789'], ['', null]] as const) {
      const r = await guardar(telefono);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().telefono).toBe(guardado);
    }
  });
});

describe('caracteres de control bidireccionales', { timeout: 120_000 }, () => {
  const RLO = '\u202E';
  const controles = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  const productos = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(producto).where(eq(producto.tiendaId, s.id)))[0]!.n;

  it('un nombre de producto o de cliente con uno se rechaza con un mensaje en español, en cada cara', async () => {
    const antes = await productos();
    for (const c of controles) {
      const nombre = `Leche ${c}onitnE`;
      const api = await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre, precio: 4000, cantidad: 1 } });
      expect(api.statusCode, JSON.stringify(c)).toBe(400);
      expect(api.json().error.fields?.nombre).toBe(M.registro.bidi);
    }
    const L = legacy(t);
    const heredada = await L.json('POST', 'producto', { registrarProductoUnico: true, nombre: `Arroz ${RLO}lob`, precio: 1000, cantidad: 1 }, s.token);
    expect(JSON.stringify(heredada.body)).toMatch(/direcci[oó]n de lectura/);
    const crud = await t.request({ method: 'POST', url: '/api/crud/producto', token: s.token, payload: { nombre: `Pan ${RLO}x`, precioUnit: 1000, stock: 1, stockMin: 0 } });
    expect(crud.statusCode).toBe(400);
    expect(await productos()).toBe(antes);

    const cli = await t.request({ method: 'POST', url: '/api/clientes', token: s.token, payload: { documento: '7654321', tipoDocumento: 'CC', nombre: `${RLO}oiraM`, apellido: 'Ruiz' } });
    expect(cli.statusCode).toBe(400);
    expect(cli.json().error.fields?.nombre).toBe(M.registro.bidi);
    expect((await t.database.db.select().from(cliente).where(eq(cliente.tiendaId, s.id))).length).toBe(0);
    // Letters of right-to-left scripts are text, not controls: kept.
    const arabe = await t.request({ method: 'POST', url: '/api/clientes', token: s.token, payload: { documento: '7654322', tipoDocumento: 'CC', nombre: 'سارة', apellido: 'Ruiz' } });
    expect(arabe.statusCode, arabe.body).toBe(201);
  });

  it('ni en los textos libres: el pie del recibo, el motivo de un descuento, un registro de tienda', async () => {
    const pie = await t.request({ method: 'PUT', url: '/api/tienda/ajustes', token: s.token, payload: { nit: '900123456', direccion: 'Calle 1', telefono: '', anchoPapel: '80', pieRecibo: `Gracias ${RLO}` } });
    expect(pie.statusCode).toBe(400);
    expect(pie.json().error.fields?.pieRecibo).toBe(M.registro.bidi);
    const [fila] = await t.database.db.select({ pie: tienda.pieRecibo }).from(tienda).where(eq(tienda.idTienda, s.id));
    expect(fila!.pie ?? '').not.toContain(RLO);
    const venta = await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas: [{ productoId: 1, cantidad: 1, descuento: { tipo: 'valor', valor: 1 } }], motivoDescuento: `Cliente ${RLO}frecuente`, metodoPagoId: 5, montoRecibido: 10_000 } });
    expect(venta.statusCode).toBe(400);
    const registro = await t.request({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: `Tienda ${RLO}ognamoD`, email: 'bidi@prueba.co', contrasena: PASSWORD } });
    expect(registro.statusCode).toBe(400);
    expect(registro.json().error.fields?.nombreTienda).toBe(M.registro.bidi);
    // Any other text of any route is refused too, before its handler runs.
    const busqueda = await t.request({ method: 'GET', url: `/api/productos?q=${encodeURIComponent(`le${RLO}che`)}`, token: s.token });
    expect(busqueda.statusCode).toBe(400);
    expect(busqueda.json().error.message).toBe(M.generic.bidiChar);
  });
});
