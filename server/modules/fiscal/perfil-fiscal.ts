/**
 * The store's fiscal profile (issue #30 point 1, *Datos fiscales*): who the seller is for DIAN. Role 1
 * writes it; every role reads it (the receipts print it). Turning "responsable de IVA" on is refused
 * while a product has no tax (clasificacion.ts). Its routes keep their URLs,
 * /api/tienda/perfil-fiscal (perfil-fiscal.routes.ts); it left the kernel (ADR 080).
 */
import { eq } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPerfilFiscal, TPerfilFiscalRespuesta } from '#shared/schemas/impuestos';
import type { Db, Tx } from '../../db/client';
import { perfilFiscal, tienda } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import type { Alcance } from '../tienda/alcance';
import { tiendasHermanas } from '../tienda/empresa';
import { contarSinImpuesto, exigirTodoClasificado } from './clasificacion';

/** The profile's one projection: what the screens, receipts and the electronic document (#31) read. */
export const perfilColumns = {
  razonSocial: perfilFiscal.razonSocial,
  tipoPersona: perfilFiscal.tipoPersona,
  nit: perfilFiscal.nit,
  dv: perfilFiscal.dv,
  responsabilidades: perfilFiscal.responsabilidades,
  responsableIva: perfilFiscal.responsableIva,
  departamento: perfilFiscal.departamento,
  municipio: perfilFiscal.municipio,
  direccion: perfilFiscal.direccion,
  telefono: perfilFiscal.telefono,
  correo: perfilFiscal.correo,
  documentoInformativo: perfilFiscal.documentoInformativo,
  valorIncBolsa: perfilFiscal.valorIncBolsa,
};

const comoPerfil = (row: Record<keyof typeof perfilColumns, unknown>): TPerfilFiscal => row as TPerfilFiscal;

/** The store's fiscal profile; null when it has none (a store that charges no taxes). */
export async function leerPerfilFiscal(db: Db, tiendaId: number): Promise<TPerfilFiscal | null> {
  const [row] = await db.select(perfilColumns).from(perfilFiscal).where(eq(perfilFiscal.tiendaId, tiendaId)).limit(1);
  return row ? comoPerfil(row) : null;
}

export async function obtenerPerfilFiscal(options: { db: Db; tiendaId: number }): Promise<TPerfilFiscalRespuesta> {
  const { db, tiendaId } = options;
  const [perfil, sinClasificar] = await Promise.all([leerPerfilFiscal(db, tiendaId), contarSinImpuesto(db, tiendaId)]);
  return { perfil, sinClasificar };
}

/**
 * The taxpayer's fields (ADR 059): one NIT per empresa, its branches establishments of one taxpayer.
 * They are the empresa's, carried to every store's row; the rest (DANE place, address, phone, e-mail)
 * is each establishment's own.
 */
const DEL_CONTRIBUYENTE = ['razonSocial', 'tipoPersona', 'nit', 'dv', 'responsabilidades', 'responsableIva', 'documentoInformativo', 'valorIncBolsa'] as const;
const contribuyenteDe = (p: TPerfilFiscal) => Object.fromEntries(DEL_CONTRIBUYENTE.map((k) => [k, p[k]])) as Pick<TPerfilFiscal, (typeof DEL_CONTRIBUYENTE)[number]>;

/**
 * Writes the whole profile (validated by ZUpdatePerfilFiscal: the DV is the NIT's); the activity log
 * says which fields changed. In an empresa of several stores the taxpayer's fields reach every store
 * (each store keeps its establishment's address) and only the empresa's owner changes them (ADR 059);
 * a store becomes responsible for IVA only when every store has every product classified.
 */
export async function guardarPerfilFiscal(options: { db: Db; tiendaId: number; alcance: Alcance; datos: TPerfilFiscal; autor: Autor }): Promise<TPerfilFiscalRespuesta> {
  const { db, tiendaId, datos, autor } = options;
  return db.transaction(async (tx) => {
    const otras = (await tiendasHermanas(tx, tiendaId)).map((x) => x.id);
    const [antes] = await tx.select(perfilColumns).from(perfilFiscal).where(eq(perfilFiscal.tiendaId, tiendaId)).for('update').limit(1);
    const cambiaContribuyente = !antes || JSON.stringify(contribuyenteDe(comoPerfil(antes))) !== JSON.stringify(contribuyenteDe(datos));
    if (otras.length && cambiaContribuyente && !options.alcance.dueno) throw new AppError('FORBIDDEN', M.impuestos.contribuyenteDeEmpresa);
    if (datos.responsableIva) for (const id of [tiendaId, ...(cambiaContribuyente ? otras : [])]) await exigirTodoClasificado(tx, id);
    const perfil = await escribir(tx, tiendaId, datos, autor, antes ? comoPerfil(antes) : null);
    if (cambiaContribuyente) await llevarContribuyente(tx, otras, perfil, autor);
    return { perfil, sinClasificar: await contarSinImpuesto(tx, tiendaId) };
  });
}

/** One store's row written, and the fields that changed in its activity log. */
async function escribir(tx: Tx, tiendaId: number, datos: TPerfilFiscal, autor: Autor, antes: TPerfilFiscal | null): Promise<TPerfilFiscal> {
  const valores = { ...datos, actualizadoEn: new Date() };
  const [row] = await tx.insert(perfilFiscal).values({ tiendaId, ...valores }).onConflictDoUpdate({ target: perfilFiscal.tiendaId, set: valores }).returning(perfilColumns);
  const perfil = comoPerfil(row!);
  const campos = (Object.keys(perfilColumns) as (keyof typeof perfilColumns)[]).filter((k) => !antes || JSON.stringify(antes[k]) !== JSON.stringify(perfil[k]));
  if (campos.length) await registrarPor(tx, tiendaId, autor, { tipo: 'perfil_fiscal', detalle: { campos, responsableIva: perfil.responsableIva, nuevo: !antes } });
  return perfil;
}

/**
 * The taxpayer's fields carried to the stores `tiendas` of the same empresa (ADR 059): a store with a
 * profile keeps its establishment's fields; one without starts from `perfil` with its own address and
 * phone when it has them.
 */
export async function llevarContribuyente(tx: Tx, tiendas: number[], perfil: TPerfilFiscal, autor: Autor): Promise<void> {
  for (const id of tiendas) {
    const [antes] = await tx.select(perfilColumns).from(perfilFiscal).where(eq(perfilFiscal.tiendaId, id)).for('update').limit(1);
    const [propia] = await tx.select({ direccion: tienda.direccion, telefono: tienda.telefono }).from(tienda).where(eq(tienda.idTienda, id));
    const base = antes ? comoPerfil(antes) : { ...perfil, direccion: propia?.direccion || perfil.direccion, telefono: propia?.telefono || perfil.telefono };
    await escribir(tx, id, { ...base, ...contribuyenteDe(perfil) }, autor, antes ? comoPerfil(antes) : null);
  }
}

/**
 * A new store of the empresa starts as an establishment of the same taxpayer (ADR 059): the profile of
 * the store it is opened from, with its own address and phone. Its taxes per category are already the
 * empresa's (ADR 063): its sales charge the same taxes from the first one.
 */
export async function perfilDeSucursal(tx: Tx, o: { deTienda: number; aTienda: number; autor: Autor }): Promise<void> {
  const [perfil] = await tx.select(perfilColumns).from(perfilFiscal).where(eq(perfilFiscal.tiendaId, o.deTienda)).limit(1);
  if (perfil) await llevarContribuyente(tx, [o.aTienda], comoPerfil(perfil), o.autor);
}
