/**
 * Contract of the old system's controller API (spec §7), the back-office's catalogues: staff accounts,
 * the store's own row, roles and payment methods. Split from legacy-contrato.test.ts (issue #54, no
 * file over 600 lines); the same requests and assertions.
 */
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { PASSWORD } from '../../tests/helpers/factories';
import { usarContrato } from './legacy-contrato.fixtures';

const c = usarContrato();

describe('controlador.usuarios.php (administración)', () => {
  const documento = '1122334455';

  it('POST registroCrud + nombre, nombre2, apellido, apellido2, documento, tipoDoc, email, contrasena, codigo_invitacion, idRol → { success }', async () => {
    const r = await c.L.json(
      'POST',
      'usuarios',
      { registroCrud: true, nombre: 'Pedro', nombre2: '', apellido: 'Lara', apellido2: '', documento, tipoDoc: 'CC', email: 'pedro@prueba.co', contrasena: PASSWORD, codigo_invitacion: c.A.codigo, idRol: 3 },
      c.A.token,
    );
    expect(r.body).toMatchObject({ success: true });
  });

  it('POST listar=true → { success, data } con filas de 12 columnas y la contraseña enmascarada', async () => {
    const r = await c.L.json('POST', 'usuarios', { listar: true }, c.A.token);
    expect(r.body.success).toBe(true);
    expect(r.body.data).toContainEqual([documento, 'CC', M.crud.mask, 'Pedro', null, 'Lara', null, 'pedro@prueba.co', 3, c.A.codigo, c.A.id, null]);
    expect(JSON.stringify(r.body)).not.toMatch(/scrypt|\$/);
  });

  it('POST actualizar=true + campos, idRol, codigo_invitacion → { mensaje } (la máscara de vuelta no cambia la contraseña)', async () => {
    const r = await c.L.json(
      'POST',
      'usuarios',
      { actualizar: true, nombre: 'Pedro', nombre2: 'José', apellido: 'Lara', apellido2: '', documento, tipoDoc: 'CC', email: 'pedro@prueba.co', contrasena: M.crud.mask, codigo_invitacion: c.A.codigo, idRol: 2 },
      c.A.token,
    );
    expect(r.body).toMatchObject({ mensaje: M.crud.actualizado.usuarios });
    await c.L.login('empleado', 'pedro@prueba.co');
  });

  it('POST eliminar = documento → { respuesta, mensaje }', async () => {
    const r = await c.L.json('POST', 'usuarios', { eliminar: documento }, c.A.token);
    expect(r.body).toMatchObject({ respuesta: true, mensaje: M.crud.eliminado.usuarios });
  });
});

describe('controlador.tienda.php (administración)', () => {
  it('POST listar=true → objetos de tienda (la de la sesión), contraseña enmascarada', async () => {
    const r = await c.L.json('POST', 'tienda', { listar: true }, c.A.token);
    expect(r.body).toEqual([
      { idtienda: c.A.id, nombreTienda: 'Tienda Contrato', direccion: null, telefono: null, correo: c.A.email, contrasena: M.crud.mask, codigo_invitacion: c.A.codigo },
    ]);
  });

  it('POST form-data modificar=true + campos → { mensaje }', async () => {
    const r = await c.L.formData(
      'tienda',
      { modificar: 'true', idtienda: c.A.id, nombreTienda: 'Tienda Contrato Centro', direccion: 'Carrera 7 # 12-30', telefono: '6017654321', correo: c.A.email, contrasena: M.crud.mask, codigo_invitacion: c.A.codigo },
      c.A.token,
    );
    expect(r.body).toMatchObject({ mensaje: M.crud.actualizado.tienda });
    const lista = await c.L.json('POST', 'tienda', { listar: true }, c.A.token);
    expect(lista.body[0]).toMatchObject({ nombreTienda: 'Tienda Contrato Centro', direccion: 'Carrera 7 # 12-30', telefono: '6017654321' });
    await c.L.login('tienda', c.A.email);
  });

  it('POST eliminar = idtienda → { respuesta, mensaje } (solo el operador de la plataforma)', async () => {
    const denied = await c.L.json('POST', 'tienda', { eliminar: c.B.id }, c.A.token);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ respuesta: false, mensaje: M.crud.soloOperadorTiendas });
    const r = await c.L.json('POST', 'tienda', { eliminar: c.B.id }, c.op);
    expect(r.body).toMatchObject({ respuesta: true, mensaje: M.crud.eliminado.tienda });
  });
});

describe('controlador.rol.php y controlador.metodospago.php (catálogos globales)', () => {
  it('POST listar=true → filas [id_Rol, nombreRol, descripcion]', async () => {
    const r = await c.L.json('POST', 'rol', { listar: true }, c.A.token);
    expect(r.body.slice(0, 3).map((row: unknown[]) => row.slice(0, 2))).toEqual([
      [1, 'Administrador'],
      [2, 'Empleado'],
      [3, 'Encargado'],
    ]);
    for (const row of r.body) expect(row).toEqual([expect.any(Number), expect.any(String), expect.any(String)]);
  });

  it('POST id_Rol, nombreRol, descripcion, registroCrud → { success } (el operador)', async () => {
    const denied = await c.L.json('POST', 'rol', { registroCrud: true, id_Rol: 7, nombreRol: 'Cajero', descripcion: 'Solo caja' }, c.A.token);
    expect(denied.status).toBe(403);
    const r = await c.L.json('POST', 'rol', { id_Rol: 7, nombreRol: 'Cajero', descripcion: 'Solo caja', registroCrud: true }, c.op);
    expect(r.body).toMatchObject({ success: true });
  });

  it('POST actualizar=true, id_Rol, nombreRol, descripcion → { mensaje }', async () => {
    const r = await c.L.json('POST', 'rol', { actualizar: true, id_Rol: 7, nombreRol: 'Cajero', descripcion: 'Caja y devoluciones' }, c.op);
    expect(r.body).toMatchObject({ mensaje: M.crud.actualizado.roles });
  });

  it('POST eliminar = id del rol → { respuesta, mensaje }', async () => {
    const r = await c.L.json('POST', 'rol', { eliminar: 7 }, c.op);
    expect(r.body).toMatchObject({ respuesta: true, mensaje: M.crud.eliminado.roles });
    const basico = await c.L.json('POST', 'rol', { eliminar: ROL.EMPLEADO }, c.op);
    expect(basico.status).toBe(200);
    expect(basico.body).toMatchObject({ respuesta: false, mensaje: M.crud.rolBasico });
  });

  it('POST listar=true (métodos de pago) → filas [ID_Met_pago, Nombre]', async () => {
    const r = await c.L.json('POST', 'metodospago', { listar: true }, c.A.token);
    expect(r.body).toEqual([
      [1, 'Tarjeta de crédito'],
      [2, 'Tarjeta de débito'],
      [3, 'Nequi'],
      [4, 'Daviplata'],
      [5, 'Efectivo'],
      // Added by this product (issues #17 and #18); the old calls keep 1–5 meaning what they meant.
      [6, 'Bre-B'],
      [7, 'Fiado'],
      // Loyalty points as a payment (issue #59 point 3, ADR 054).
      [8, 'Puntos'],
    ]);
  });

  it('POST actualizar=true, ID_Met_pago, Nombre → { mensaje } (el operador)', async () => {
    const r = await c.L.json('POST', 'metodospago', { actualizar: true, ID_Met_pago: 3, Nombre: 'Nequi (QR)' }, c.op);
    expect(r.body).toMatchObject({ mensaje: M.crud.actualizado.metodosdepago });
  });
});
