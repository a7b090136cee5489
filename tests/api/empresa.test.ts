import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { empresa, tienda } from '../../server/db/schema';
import { bearerToken, resolveSession } from '../../server/plugins/auth';
import { crearEmpleado, crearTienda } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * One owner, several stores, step 1 (issue #56, ADR 043): every store belongs to an empresa. Today each
 * is an empresa of one, made with the store whichever face writes it, and the session of the store and
 * of its employees knows it, for the steps that share the catalogue, people and reports.
 */
const t = usarApp();

const empresaDe = async (tiendaId: number) => {
  const [fila] = await t.database.db.select({ id: empresa.idEmpresa, nombre: empresa.nombre }).from(tienda).innerJoin(empresa, eq(empresa.idEmpresa, tienda.empresaId)).where(eq(tienda.idTienda, tiendaId));
  return fila;
};
const sesionDe = (token: string) => resolveSession(t.database.db, t.app.tokens, bearerToken({ headers: { authorization: `Bearer ${token}` } } as never));

describe('cada tienda pertenece a una empresa (paso 1 de varias tiendas)', () => {
  it('una tienda que se registra queda en una empresa propia, con su nombre; otra tienda, en otra', async () => {
    const a = await crearTienda(t, { nombreTienda: 'Minimercado La 14' });
    const b = await crearTienda(t);
    const ea = await empresaDe(a.id);
    const eb = await empresaDe(b.id);
    expect(ea).toEqual({ id: expect.any(Number), nombre: 'Minimercado La 14' });
    expect(eb!.id).not.toBe(ea!.id);
  });

  it('la sesión de la tienda y la de su empleado llevan la empresa de la tienda', async () => {
    const s = await crearTienda(t);
    const empleado = await crearEmpleado(t, s.codigo);
    const e = await empresaDe(s.id);
    expect((await sesionDe(s.token))?.empresaId).toBe(e!.id);
    expect((await sesionDe(empleado.token))).toMatchObject({ tiendaId: s.id, empresaId: e!.id });
  });

  it('una tienda escrita sin empresa (como las de la administración o la demostración) recibe la suya; al borrarla, su empresa se va con ella', async () => {
    const [fila] = await t.database.db.insert(tienda).values({ nombreTienda: 'Droguería Central', correo: 'drogueria@empresa.co', contrasenaHash: 'x', codigoInvitacion: 'EMP-0001' }).returning({ id: tienda.idTienda, empresaId: tienda.empresaId });
    expect(fila!.empresaId).toEqual(expect.any(Number));
    expect((await empresaDe(fila!.id))!.nombre).toBe('Droguería Central');
    await t.database.db.delete(tienda).where(eq(tienda.idTienda, fila!.id));
    expect(await t.database.db.select().from(empresa).where(eq(empresa.idEmpresa, fila!.empresaId))).toEqual([]);
  });
});
