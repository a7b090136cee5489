/**
 * The store's fiscal profile (issue #30 point 1, *Datos fiscales*): who the seller is for DIAN. Role 1
 * writes it; every role reads it (the receipts print it). Turning "responsable de IVA" on is refused
 * while a product has no tax (the rule is server/modules/impuestos/impuestos.domain.ts's).
 */
import { eq } from 'drizzle-orm';
import type { TPerfilFiscal, TPerfilFiscalRespuesta } from '#shared/schemas/impuestos';
import type { Db } from '../../db/client';
import { perfilFiscal } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { contarSinImpuesto, exigirTodoClasificado } from '../impuestos/impuestos.domain';

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

/** Writes the whole profile (validated by ZUpdatePerfilFiscal: the DV is the NIT's); the activity log says which fields changed. */
export async function guardarPerfilFiscal(options: { db: Db; tiendaId: number; datos: TPerfilFiscal; autor: Autor }): Promise<TPerfilFiscalRespuesta> {
  const { db, tiendaId, datos, autor } = options;
  return db.transaction(async (tx) => {
    if (datos.responsableIva) await exigirTodoClasificado(tx, tiendaId);
    const [antes] = await tx.select(perfilColumns).from(perfilFiscal).where(eq(perfilFiscal.tiendaId, tiendaId)).for('update').limit(1);
    const valores = { ...datos, actualizadoEn: new Date() };
    const [row] = await tx
      .insert(perfilFiscal)
      .values({ tiendaId, ...valores })
      .onConflictDoUpdate({ target: perfilFiscal.tiendaId, set: valores })
      .returning(perfilColumns);
    const perfil = comoPerfil(row!);
    const campos = (Object.keys(perfilColumns) as (keyof typeof perfilColumns)[]).filter((k) => !antes || JSON.stringify(antes[k]) !== JSON.stringify(perfil[k]));
    if (campos.length) await registrarPor(tx, tiendaId, autor, { tipo: 'perfil_fiscal', detalle: { campos, responsableIva: perfil.responsableIva, nuevo: !antes } });
    return { perfil, sinClasificar: await contarSinImpuesto(tx, tiendaId) };
  });
}
