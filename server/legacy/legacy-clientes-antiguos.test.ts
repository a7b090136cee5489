/**
 * The published old client (issue #21), older than the one the specification describes: it reads the
 * old PHP's sign-in keys, registers customers in the back-office under its own keys, and is a browser
 * client on another origin that must see a 404 as a 404.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { cliente } from '../db/schema';
import { PASSWORD, crearEmpleado, crearTienda } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { PREFIX, legacy, setRol, type Legacy } from './test-client';

let t: TestApp;
let L: Legacy;
let A: Awaited<ReturnType<typeof crearTienda>>;

beforeAll(async () => {
  t = await createTestApp();
  L = legacy(t);
  A = await crearTienda(t, { nombreTienda: 'Tienda Antigua' });
});
afterAll(() => t?.close());

const entrar = (tipo: string, email: string) =>
  t.request({ method: 'GET', url: `${PREFIX}/login/procesologin.php?tipo=${tipo}&email=${encodeURIComponent(email)}&contrasena=${PASSWORD}` });

describe('el inicio de sesión responde las claves que el cliente antiguo guarda', () => {
  it('empleado (rol 2): su tienda, su rol y su documento; sin código de invitación', async () => {
    const e = await crearEmpleado(t, A.codigo);
    const res = await entrar('empleado', e.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      token: expect.any(String),
      codigo_invitacion: null,
      nombreTienda: 'Tienda Antigua',
      rol: ROL.EMPLEADO,
      id_Tienda: A.id,
      documento: e.documento,
      usuario: 'Ana Pérez',
      tienda: 'Tienda Antigua',
    });
    // Every value is what JSON.parse of the stored text gives back (the old client's restore).
    for (const v of Object.values(res.json())) expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it('administrador (rol 1): también el código de invitación', async () => {
    const e = await crearEmpleado(t, A.codigo);
    await setRol(t, e.documento, ROL.ADMIN);
    const res = await entrar('empleado', e.email);
    expect(res.json()).toMatchObject({ success: true, codigo_invitacion: A.codigo, rol: ROL.ADMIN, nombreTienda: 'Tienda Antigua' });
  });

  it('credenciales malas: la misma negativa de siempre, sin claves de sesión', async () => {
    const res = await t.request({ method: 'GET', url: `${PREFIX}/login/procesologin.php?tipo=tienda&email=${encodeURIComponent(A.email)}&contrasena=mala` });
    expect(res.json()).not.toHaveProperty('token');
    expect(res.json()).not.toHaveProperty('codigo_invitacion');
  });
});

describe('registroCrud de clientes con las claves del cliente antiguo', () => {
  const fila = async (documento: string) =>
    (await t.database.db.select({ nombre: cliente.nombre, apellido: cliente.apellido, tipo: cliente.tipoDocumento }).from(cliente).where(and(eq(cliente.tiendaId, A.id), eq(cliente.documento, documento))))[0];

  it('queda guardado igual que con las claves de la especificación (segundos nombres unidos)', async () => {
    const antiguo = await L.json(
      'POST',
      'cliente',
      { registroCrud: true, id_Cliente: '', Documento: '1032456789', Nombre1_Cliente: 'María', Nombre2_Cliente: 'José', Apellido1_Cliente: 'Gómez', Apellido2_Cliente: 'Ruiz', Tipo_documento: 'CC' },
      A.token,
    );
    expect(antiguo.body).toMatchObject({ success: true });
    const nuevo = await L.json('POST', 'cliente', { registroCrud: true, Documento: '1032456790', NombreCliente: 'María José', ApellidoCliente: 'Gómez Ruiz', Tipo_documento: 'CC' }, A.token);
    expect(nuevo.body).toMatchObject({ success: true });
    expect(await fila('1032456789')).toEqual(await fila('1032456790'));
    expect(await fila('1032456789')).toEqual({ nombre: 'María José', apellido: 'Gómez Ruiz', tipo: 'CC' });
  });

  it('sin segundo nombre ni segundo apellido, solo los primeros', async () => {
    const r = await L.json('POST', 'cliente', { registroCrud: true, Documento: '1032456791', Nombre1_Cliente: 'Pedro', Nombre2_Cliente: '', Apellido1_Cliente: 'Mora', Tipo_documento: 'CC' }, A.token);
    expect(r.body).toMatchObject({ success: true });
    expect(await fila('1032456791')).toEqual({ nombre: 'Pedro', apellido: 'Mora', tipo: 'CC' });
  });

  it('la misma validación: sin nombre en ninguna de las dos formas se rechaza y no se guarda nada', async () => {
    const r = await L.json('POST', 'cliente', { registroCrud: true, Documento: '1032456792', Nombre1_Cliente: '', Apellido1_Cliente: 'Mora', Tipo_documento: 'CC' }, A.token);
    expect(r.body.success).toBe(false);
    expect(r.body.mensaje).toBe(M.registro.required("'Nombre'"));
    expect(await fila('1032456792')).toBeUndefined();
  });
});

describe('una ruta heredada desconocida', () => {
  it('responde 404 con las cabeceras CORS, para que el navegador vea el 404', async () => {
    const res = await t.request({ method: 'GET', url: `${PREFIX}/controlador/controlador.noexiste.php?listar=true`, headers: { origin: 'http://cliente-antiguo.example' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const conocida = await t.request({ method: 'GET', url: `${PREFIX}/controlador/controlador.producto.php?listarProductosAppPrecio=true`, headers: { origin: 'http://cliente-antiguo.example' } });
    expect(conocida.headers['access-control-allow-origin']).toBe('*');
  });
});
