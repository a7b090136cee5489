/**
 * *Sucursales* (issue #56 steps 2 and 3, ADR 043): the empresa's stores as its owner sees them, opening
 * one, and a person's role in another store of the empresa. The owner is the empresa's store login
 * (role 1 of the empresa); a person with role 1 in one store is that store's administrator only. Every
 * other read and write stays per store: the session acts for one store at a time and every domain keeps
 * filtering on it (`inScope`). A session's scope, the stores it may act for and copying to other stores
 * are the kernel's (tienda/empresa.ts): every module needs them, this feature is above it (ADR 080).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TCrearSucursalRequest, TPersonaDeEmpresa, TSucursal } from '#shared/schemas/sucursal';
import type { Db } from '../../db/client';
import { producto, rol, tienda, usuario, usuarioTienda } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { crearTienda } from '../cuenta/cuenta.service';
import { copiarCatalogo } from '../producto/sucursal-catalogo';
import { alcanceDe, type Quien } from '../tienda/empresa';
import { perfilDeSucursal } from '../fiscal/perfil-fiscal';
import { fieldConflict, fieldError, inEmpresa, notFound, requireDueno, type Alcance } from '../tienda/alcance';

const S = M.sucursales;
const autorDe = (q: Quien): Autor => ({ usuarioId: q.usuarioId, rol: q.rol, cara: 'tienda' });

/** *Sucursales*: the empresa's stores, oldest first (the owner only). */
export async function listarSucursales(options: { db: Db; quien: Quien }): Promise<TSucursal[]> {
  const alcance = alcanceDe(options.quien);
  const { tiendaId } = requireDueno(alcance, S.soloDueno);
  const rows = await options.db
    .select({
      idTienda: tienda.idTienda,
      nombreTienda: tienda.nombreTienda,
      direccion: tienda.direccion,
      telefono: tienda.telefono,
      zonaHoraria: tienda.zonaHoraria,
      codigoInvitacion: tienda.codigoInvitacion,
      productos: sql<number>`(select count(*) from ${producto} p where p.tienda_id = ${tienda.idTienda})::int`,
    })
    .from(tienda)
    .where(inEmpresa(alcance, tienda.empresaId))
    .orderBy(asc(tienda.idTienda));
  return rows.map((r) => ({ ...r, actual: r.idTienda === tiendaId }));
}

/**
 * Opens a store of the owner's empresa: the one creation of a store (`crearTienda`: its own invitation
 * code; no login of its own), with the current store's catalogue carried over at stock 0
 * (`copiarCatalogo`, the product domain's). The new store numbers its sales, keeps its cajas and its
 * stock on its own from the first sale. Both stores' activity logs record who opened it.
 */
export async function crearSucursal(options: { db: Db; quien: Quien; datos: TCrearSucursalRequest & { zonaHoraria: string } }) {
  const { db, quien, datos } = options;
  const alcance = alcanceDe(quien);
  const { empresaId, tiendaId } = requireDueno(alcance, S.soloDueno);
  return db.transaction(async (tx) => {
    // One new store at a time per empresa: two owners' tabs cannot both take the same name.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sucursal'), ${empresaId})`);
    const [igual] = await tx
      .select({ id: tienda.idTienda })
      .from(tienda)
      .where(and(eq(tienda.empresaId, empresaId), sql`lower(${tienda.nombreTienda}) = lower(${datos.nombreTienda})`))
      .limit(1);
    if (igual) throw fieldConflict('nombreTienda', S.nombreRepetido);
    const nueva = await crearTienda(tx, {
      nombreTienda: datos.nombreTienda,
      direccion: datos.direccion ?? null,
      telefono: datos.telefono ?? null,
      zonaHoraria: datos.zonaHoraria,
      correo: null,
      contrasenaHash: null,
      empresaId,
    });
    const productos = await copiarCatalogo(tx, { deTienda: tiendaId, aTienda: nueva.idTienda });
    await perfilDeSucursal(tx, { deTienda: tiendaId, aTienda: nueva.idTienda, autor: autorDe(quien) });
    const entrada = {
      tipo: 'administracion' as const,
      detalle: {
        entidad: 'tienda' as const,
        accion: 'alta' as const,
        id: nueva.idTienda,
        nombre: datos.nombreTienda,
        cambios: [
          { campo: 'nombreTienda', antes: null, despues: datos.nombreTienda },
          { campo: 'direccion', antes: null, despues: datos.direccion ?? null },
          { campo: 'telefono', antes: null, despues: datos.telefono ?? null },
          { campo: 'zonaHoraria', antes: null, despues: datos.zonaHoraria },
          { campo: 'productos', antes: null, despues: productos },
        ],
      },
    };
    await registrarPor(tx, nueva.idTienda, autorDe(quien), entrada);
    await registrarPor(tx, tiendaId, autorDe(quien), entrada);
    return { idTienda: nueva.idTienda, codigoInvitacion: nueva.codigoInvitacion, productos };
  });
}

/**
 * *Sucursales*' people: everyone whose home store is one of the owner's empresa, with their approved
 * role in each of its stores (the home store's included), by name. What the owner gives and takes below.
 */
export async function listarPersonasDeEmpresa(options: { db: Db; quien: Quien }): Promise<TPersonaDeEmpresa[]> {
  const alcance = alcanceDe(options.quien);
  requireDueno(alcance, S.soloDueno);
  const rows = await options.db
    .select({
      idUsuario: usuario.idUsuario,
      nombre: sql<string>`${usuario.nombre1} || ' ' || ${usuario.apellido1}`,
      tiendaPrincipal: usuario.tiendaId,
      idTienda: usuarioTienda.tiendaId,
      rol: usuarioTienda.rolId,
    })
    .from(usuario)
    .innerJoin(tienda, eq(tienda.idTienda, usuario.tiendaId))
    .innerJoin(usuarioTienda, and(eq(usuarioTienda.usuarioId, usuario.idUsuario), eq(usuarioTienda.aprobado, true)))
    .where(inEmpresa(alcance, tienda.empresaId))
    .orderBy(asc(usuario.nombre1), asc(usuario.apellido1), asc(usuario.idUsuario), asc(usuarioTienda.tiendaId));
  const personas = new Map<number, TPersonaDeEmpresa>();
  for (const r of rows) {
    if (r.tiendaPrincipal == null) continue;
    const p = personas.get(r.idUsuario) ?? { idUsuario: r.idUsuario, nombre: r.nombre, tiendaPrincipal: r.tiendaPrincipal, roles: [] };
    p.roles.push({ idTienda: r.idTienda, rol: r.rol });
    personas.set(r.idUsuario, p);
  }
  return [...personas.values()];
}

/** The store `id` of the owner's empresa, or 404 (another empresa's store is never named). */
async function tiendaDeLaEmpresa(db: Db, alcance: Alcance, id: number) {
  const [t] = await db
    .select({ id: tienda.idTienda, nombre: tienda.nombreTienda })
    .from(tienda)
    .where(and(eq(tienda.idTienda, id), inEmpresa(alcance, tienda.empresaId)))
    .limit(1);
  if (!t) throw notFound();
  return t;
}

/** A person who works in a store of the owner's empresa (their home store), or 404. */
async function personaDeLaEmpresa(db: Db, alcance: Alcance, idUsuario: number) {
  const [u] = await db
    .select({ id: usuario.idUsuario, tiendaId: usuario.tiendaId, nombre: sql<string>`${usuario.nombre1} || ' ' || ${usuario.apellido1}` })
    .from(usuario)
    .innerJoin(tienda, eq(tienda.idTienda, usuario.tiendaId))
    .where(and(eq(usuario.idUsuario, idUsuario), inEmpresa(alcance, tienda.empresaId)))
    .limit(1);
  if (!u) throw new AppError('NOT_FOUND', S.personaNoEsDeEmpresa);
  return u;
}

/** What the owner alone may do (a role in another store): the store and the person, both of the empresa; never the person's home store. */
async function personaEnOtraTienda(db: Db, quien: Quien, idTienda: number, idUsuario: number) {
  const alcance = alcanceDe(quien);
  requireDueno(alcance, S.soloDueno);
  const t = await tiendaDeLaEmpresa(db, alcance, idTienda);
  const u = await personaDeLaEmpresa(db, alcance, idUsuario);
  if (u.tiendaId === t.id) throw fieldError('idTienda', S.tiendaPrincipal);
  return { t, u };
}

/**
 * The owner gives a person of the empresa a role in another of its stores (a cashier of two shops), or
 * changes it. Their home store's role is the user's own (changed in Usuarios). The person's sessions
 * see the new store at once (the write empties the checked-session caches).
 */
export async function asignarRolEnTienda(options: { db: Db; quien: Quien; idTienda: number; idUsuario: number; rol: number }): Promise<void> {
  const { db, quien } = options;
  const { t, u } = await personaEnOtraTienda(db, quien, options.idTienda, options.idUsuario);
  const [r] = await db.select({ id: rol.idRol }).from(rol).where(eq(rol.idRol, options.rol)).limit(1);
  if (!r) throw fieldError('rol', S.rolNoExiste);
  await db.transaction(async (tx) => {
    const [antes] = await tx
      .select({ rol: usuarioTienda.rolId })
      .from(usuarioTienda)
      .where(and(eq(usuarioTienda.usuarioId, u.id), eq(usuarioTienda.tiendaId, t.id)))
      .for('update')
      .limit(1);
    await tx
      .insert(usuarioTienda)
      .values({ usuarioId: u.id, tiendaId: t.id, rolId: options.rol, aprobado: true })
      .onConflictDoUpdate({ target: [usuarioTienda.usuarioId, usuarioTienda.tiendaId], set: { rolId: options.rol, aprobado: true } });
    await registrarPor(tx, t.id, autorDe(quien), {
      tipo: 'administracion',
      detalle: { entidad: 'usuario', accion: antes ? 'cambio' : 'alta', id: u.id, nombre: u.nombre, cambios: [{ campo: 'rolEnTienda', antes: antes?.rol ?? null, despues: options.rol }] },
    });
  });
}

/** The owner takes a person's role in another store away (never their home store's). */
export async function quitarRolEnTienda(options: { db: Db; quien: Quien; idTienda: number; idUsuario: number }): Promise<void> {
  const { db, quien } = options;
  const { t, u } = await personaEnOtraTienda(db, quien, options.idTienda, options.idUsuario);
  await db.transaction(async (tx) => {
    const quitadas = await tx
      .delete(usuarioTienda)
      .where(and(eq(usuarioTienda.usuarioId, u.id), eq(usuarioTienda.tiendaId, t.id)))
      .returning({ rol: usuarioTienda.rolId });
    if (quitadas.length === 0) throw notFound();
    await registrarPor(tx, t.id, autorDe(quien), {
      tipo: 'administracion',
      detalle: { entidad: 'usuario', accion: 'eliminacion', id: u.id, nombre: u.nombre, cambios: [{ campo: 'rolEnTienda', antes: quitadas[0]!.rol, despues: null }] },
    });
  });
}
