/**
 * A store's electronic POS configuration (issue #31 point 8): role 1 turns it on, picks DIAN's
 * environment and transport, saves the software's id and PIN, the test set's id and the signing
 * certificate (sealed by custodia.ts), sends the test set, and only then may choose producción.
 * The routes answer `TConfiguracionDian`: never the certificate, its password, the PIN or a token.
 */
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { dian as D } from '#shared/messages/dian';
import { PRODUCT_NAME } from '#shared/messages';
import { TIPOS_HABILITACION, type TCertificadoDianRequest, type TConfiguracionDian, type TConfiguracionDianRequest, type THabilitacionTipo, type TResultadoHabilitacion } from '#shared/schemas/dian';
import type { TPerfilFiscal } from '#shared/schemas/impuestos';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import type { Db, Tx } from '../../db/client';
import { comprobarDestino, FallaSalida } from '../../lib/salida';
import { dianConfiguracion, dianHabilitacionTipo, empresaDian, empresaDianTipo, tienda } from '../../db/schema';
import { esDueno, tiendasDeEmpresa } from '../tienda/empresa';
import { leerPerfilFiscal } from '../fiscal/perfil-fiscal';
import { documentoDesdeVenta } from './adaptador';
import { TransporteApidian } from './apidian';
import { contextoDian } from './contexto';
import { abrirCertificado, sellarCertificado } from './custodia';
import { CertificadoInvalido, firmarDocumento, leerP12, leerP12EnHilo, resumenCertificado, type Credencial, type ResumenCertificado } from './firma';
import type { IntentosCertificado } from './intentos-certificado';
import { inspeccionarP12 } from './p12';
import { TransporteSoapDian } from './soap';
import type { Caja, DocumentoPos, Resolucion, Software } from './tipos';
import { FallaTransporte, type EnvioDocumento, type TransporteDian } from './transporte';
import { construirDocumentoPos } from './xml';

/**
 * The taxpayer's part of the configuration (ADR 069): the software registered at DIAN and the signing
 * certificate are the empresa's (`empresa_dian`), shared by its stores.
 */
export interface DianDeEmpresa {
  empresaId: number;
  softwareId: string | null;
  softwarePin: string | null;
  certificadoSellado: string | null;
  /** The id the blob was sealed for (custodia.ts's authenticated data). */
  certificadoSelladoPara: string | null;
  certificadoResumen: unknown;
}

type FilaTienda = typeof dianConfiguracion.$inferSelect;
/** A store's configuration as every reader sees it: the store's own row with its empresa's software and certificate. */
export type FilaConfiguracion = Omit<FilaTienda, 'softwareIdPropio' | 'softwarePinPropio' | 'certificadoSelladoPropio' | 'certificadoResumenPropio'> & DianDeEmpresa;

/** The software's maker and name, printed on the tirilla and sent in `FabricanteSoftware`. */
export const FABRICANTE = { nombreApellido: 'Equipo ADAX', razonSocial: 'ADAX Software', nombreSoftware: PRODUCT_NAME } as const;

const ambienteDe = (n: number): 'habilitacion' | 'produccion' => (n === 1 ? 'produccion' : 'habilitacion');

/**
 * The one reader of the signing certificate and the software (ADR 069): a store's are its empresa's.
 * Every signer and sender gets them through here (`filaConfiguracion` merges them into the store's row).
 */
export async function certificadoDeTienda(db: Db | Tx, tiendaId: number): Promise<DianDeEmpresa | null> {
  const [r] = await db
    .select({
      empresaId: tienda.empresaId,
      softwareId: empresaDian.softwareId,
      softwarePin: empresaDian.softwarePin,
      certificadoSellado: empresaDian.certificadoSellado,
      certificadoSelladoPara: empresaDian.certificadoSelladoPara,
      certificadoResumen: empresaDian.certificadoResumen,
    })
    .from(tienda)
    .leftJoin(empresaDian, eq(empresaDian.empresaId, tienda.empresaId))
    .where(eq(tienda.idTienda, tiendaId))
    .limit(1);
  return r ?? null;
}

export async function filaConfiguracion(db: Db | Tx, tiendaId: number): Promise<FilaConfiguracion | null> {
  const [f] = await db.select().from(dianConfiguracion).where(eq(dianConfiguracion.tiendaId, tiendaId)).limit(1);
  if (!f) return null;
  return conEmpresa(f, await certificadoDeTienda(db, tiendaId));
}

function conEmpresa(f: FilaTienda, e: DianDeEmpresa | null): FilaConfiguracion {
  const { softwareIdPropio: _a, softwarePinPropio: _b, certificadoSelladoPropio: _c, certificadoResumenPropio: _d, ...propia } = f;
  return {
    ...propia,
    empresaId: e?.empresaId ?? 0,
    softwareId: e?.softwareId ?? null,
    softwarePin: e?.softwarePin ?? null,
    certificadoSellado: e?.certificadoSellado ?? null,
    certificadoSelladoPara: e?.certificadoSelladoPara ?? null,
    certificadoResumen: e?.certificadoResumen ?? null,
  };
}

/**
 * In an empresa of two or more stores only its owner changes the software and the certificate (ADR 069):
 * a change reaches every store. A lone store's administrator changes them as before.
 */
export function comprobarDueno(tiendas: unknown[], autor: Autor): void {
  if (tiendas.length > 1 && !esDueno(autor)) throw new AppError('FORBIDDEN', D.dianDeEmpresa);
}

/** The empresa's row, created empty when missing, locked for a write. */
export async function empresaParaEscribir(tx: Tx, tiendaId: number): Promise<typeof empresaDian.$inferSelect> {
  const [t] = await tx.select({ empresaId: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, tiendaId));
  await tx.insert(empresaDian).values({ empresaId: t!.empresaId }).onConflictDoNothing();
  const [e] = await tx.select().from(empresaDian).where(eq(empresaDian.empresaId, t!.empresaId)).for('update');
  return e!;
}

/**
 * The copies the empresa's stores kept before migration 0104 (reported by the consistency check when
 * they differed): once the empresa's software or certificate is saved, its owner has decided.
 */
async function olvidarCopiasPropias(tx: Tx, tiendas: number[]): Promise<void> {
  await tx
    .update(dianConfiguracion)
    .set({ softwareIdPropio: null, softwarePinPropio: null, certificadoSelladoPropio: null, certificadoResumenPropio: null })
    .where(
      and(
        inArray(dianConfiguracion.tiendaId, tiendas),
        or(isNotNull(dianConfiguracion.softwareIdPropio), isNotNull(dianConfiguracion.softwarePinPropio), isNotNull(dianConfiguracion.certificadoSelladoPropio), isNotNull(dianConfiguracion.certificadoResumenPropio)),
      ),
    );
}

type FilaTipoPropia = typeof dianHabilitacionTipo.$inferSelect;
/** A type's software (SoftwareID, PIN). */
export interface SoftwareTipo {
  softwareId: string | null;
  softwarePin: string | null;
}
/**
 * A store's habilitación of a type (issue #57 point 5) with the software its documents of the type
 * carry (ADR 069's addendum): its empresa's, or the copy the store kept because it differed when
 * migration 0108 made the software the empresa's (`propio`): a store issuing today keeps issuing as it did.
 */
export type FilaTipo = Omit<FilaTipoPropia, 'softwareIdPropio' | 'softwarePinPropio'> & SoftwareTipo & { propio: boolean };

/** The store's row of a type merged with its empresa's software of the type (null row: never configured there). */
export function conSoftwareDeEmpresa(h: FilaTipoPropia, e: SoftwareTipo | null | undefined): FilaTipo {
  const { softwareIdPropio, softwarePinPropio, ...resto } = h;
  const propio = softwareIdPropio != null || softwarePinPropio != null;
  return { ...resto, propio, softwareId: propio ? softwareIdPropio : (e?.softwareId ?? null), softwarePin: propio ? softwarePinPropio : (e?.softwarePin ?? null) };
}

/** The empresa's software of each type (ADR 069's addendum), for a store of it. */
export async function softwareDeTipos(db: Db | Tx, tiendaId: number): Promise<Map<string, SoftwareTipo>> {
  const filas = await db
    .select({ tipo: empresaDianTipo.tipo, softwareId: empresaDianTipo.softwareId, softwarePin: empresaDianTipo.softwarePin })
    .from(empresaDianTipo)
    .where(eq(empresaDianTipo.empresaId, sql`(select t.empresa_id from tienda t where t.id_tienda = ${tiendaId})`));
  return new Map(filas.map((f) => [f.tipo, { softwareId: f.softwareId, softwarePin: f.softwarePin }]));
}

/** Each other type's habilitación (issue #57 point 5): a type the store has not configured answers `sin_configurar`, with its empresa's software. */
export async function tiposDeTienda(db: Db | Tx, tiendaId: number): Promise<THabilitacionTipo[]> {
  const filas = await db.select().from(dianHabilitacionTipo).where(eq(dianHabilitacionTipo.tiendaId, tiendaId)).orderBy(asc(dianHabilitacionTipo.tipo));
  const deEmpresa = await softwareDeTipos(db, tiendaId);
  return TIPOS_HABILITACION.map((tipo) => {
    const h = filas.find((x) => x.tipo === tipo);
    const t = h ? conSoftwareDeEmpresa(h, deEmpresa.get(tipo)) : null;
    const software = t ?? deEmpresa.get(tipo);
    return {
      tipo,
      softwareId: software?.softwareId ?? null,
      pinGuardado: !!software?.softwarePin,
      testSetId: t?.testSetId ?? null,
      estado: (t?.estado as THabilitacionTipo['estado'] | undefined) ?? 'sin_configurar',
      habilitadoEn: t?.habilitadoEn?.toISOString() ?? null,
      resultado: (t?.resultado as TResultadoHabilitacion | null) ?? null,
    };
  });
}

export async function respuesta(db: Db | Tx, f: FilaConfiguracion | null, tiendaId: number): Promise<TConfiguracionDian> {
  // A store never configured still shows its empresa's software and certificate (a new branch's).
  const e = f ?? (await certificadoDeTienda(db, tiendaId));
  return {
    habilitado: f?.habilitado ?? false,
    ambiente: ambienteDe(f?.ambiente ?? 2),
    softwareId: e?.softwareId ?? null,
    pinGuardado: !!e?.softwarePin,
    testSetId: f?.testSetId ?? null,
    transporte: (f?.transporte as 'dian' | 'proveedor' | undefined) ?? 'dian',
    proveedorUrl: f?.proveedorUrl ?? null,
    tokenGuardado: !!f?.proveedorToken,
    certificado: (e?.certificadoResumen as ResumenCertificado | null) ?? null,
    tiendasEmpresa: (await tiendasDeEmpresa(db, tiendaId)).length,
    habilitacionSuperadaEn: f?.habilitacionSuperadaEn?.toISOString() ?? null,
    habilitacion: (f?.habilitacionResultado as TResultadoHabilitacion | null) ?? null,
    tipos: await tiposDeTienda(db, tiendaId),
  };
}

export async function obtenerConfiguracion(options: { db: Db; tiendaId: number }): Promise<TConfiguracionDian> {
  return respuesta(options.db, await filaConfiguracion(options.db, options.tiendaId), options.tiendaId);
}

/** What is still missing to issue documents (empty: ready). */
function faltantes(f: Partial<FilaConfiguracion>, perfil: TPerfilFiscal | null): string[] {
  const faltan: string[] = [];
  if (!perfil) faltan.push(D.faltaPerfil);
  else if (!perfil.responsableIva) faltan.push(D.faltaResponsable);
  if (!f.softwareId || !f.softwarePin) faltan.push(D.faltaSoftware);
  if (!f.certificadoSellado) faltan.push(D.faltaCertificado);
  if (f.transporte === 'proveedor' && (!f.proveedorUrl || !f.proveedorToken)) faltan.push(D.faltaProveedor);
  return faltan;
}

/** The settings an owner changes, named in the activity log as the form labels them (secrets by name only). */
const CAMPOS_REGISTRADOS = ['habilitado', 'ambiente', 'softwareId', 'softwarePin', 'testSetId', 'transporte', 'proveedorUrl', 'proveedorToken'] as const;

/**
 * The provider's address must be https and public (issue #49): the same checks as each call
 * (server/lib/salida.ts), its host resolved now. A host that does not resolve at this moment is
 * saved (the provider may be down); every call checks its addresses again before connecting.
 */
async function comprobarProveedorUrl(url: string): Promise<void> {
  try {
    await comprobarDestino(url);
  } catch (err) {
    if (!(err instanceof FallaSalida)) throw err;
    if (err.tipo === 'destino') throw new AppError('BUSINESS_RULE', D.proveedorUrlNoPublica, { fields: { proveedorUrl: D.proveedorUrlNoPublica } });
  }
}

export async function guardarConfiguracion(options: { db: Db; tiendaId: number; datos: TConfiguracionDianRequest; autor: Autor }): Promise<TConfiguracionDian> {
  const { db, tiendaId, autor } = options;
  const datos = options.datos as Required<Pick<TConfiguracionDianRequest, 'habilitado' | 'ambiente' | 'transporte'>> & Partial<Record<'softwareId' | 'softwarePin' | 'testSetId' | 'proveedorUrl' | 'proveedorToken', string>>;
  if (datos.proveedorUrl) await comprobarProveedorUrl(datos.proveedorUrl);
  const perfil = await leerPerfilFiscal(db, tiendaId);
  return db.transaction(async (tx) => {
    // The empresa's row first, then the store's (every writer locks in this order).
    const empresa = await empresaParaEscribir(tx, tiendaId);
    await tx.insert(dianConfiguracion).values({ tiendaId }).onConflictDoNothing();
    const [propia] = await tx.select().from(dianConfiguracion).where(eq(dianConfiguracion.tiendaId, tiendaId)).for('update');
    const actual = conEmpresa(propia!, empresa);
    const ambiente = datos.ambiente === 'produccion' ? 1 : 2;
    // The taxpayer's software (ADR 069): secrets left empty keep the saved ones.
    const software = { softwareId: datos.softwareId ?? actual.softwareId, softwarePin: datos.softwarePin ?? actual.softwarePin };
    const otroSoftware = software.softwareId !== actual.softwareId || software.softwarePin !== actual.softwarePin;
    const tiendas = await tiendasDeEmpresa(tx, tiendaId);
    if (otroSoftware) comprobarDueno(tiendas, autor);
    const nueva = {
      habilitado: datos.habilitado,
      ambiente,
      testSetId: datos.testSetId ?? actual.testSetId,
      transporte: datos.transporte,
      proveedorUrl: datos.proveedorUrl ?? actual.proveedorUrl,
      proveedorToken: datos.proveedorToken ?? actual.proveedorToken,
    };
    // A new software (id or PIN) must pass the test set again before producción.
    const deNuevoAPruebas = otroSoftware && !!actual.habilitacionSuperadaEn;
    if (ambiente === 1 && !actual.habilitacionSuperadaEn) throw new AppError('BUSINESS_RULE', D.produccionSinHabilitacion, { fields: { ambiente: D.produccionSinHabilitacion } });
    if (nueva.habilitado) {
      const faltan = faltantes({ ...actual, ...nueva, ...software }, perfil);
      if (faltan.length) throw new AppError('BUSINESS_RULE', D.faltaParaHabilitar(faltan));
    }
    const [g] = await tx
      .update(dianConfiguracion)
      .set({
        ...nueva,
        ...(deNuevoAPruebas ? { habilitacionSuperadaEn: null, ambiente: 2 } : {}),
        habilitadoDesde: nueva.habilitado ? (actual.habilitado ? actual.habilitadoDesde : new Date()) : null,
        actualizadoEn: new Date(),
      })
      .where(eq(dianConfiguracion.tiendaId, tiendaId))
      .returning();
    let e = empresa;
    if (otroSoftware) {
      const [guardada] = await tx.update(empresaDian).set({ ...software, actualizadoEn: new Date() }).where(eq(empresaDian.empresaId, empresa.empresaId)).returning();
      e = guardada!;
      await olvidarCopiasPropias(tx, tiendas.map((x) => x.id));
    }
    const f = conEmpresa(g!, e);
    // Who changed what, and when (issue #31): each change to how the store's sales reach DIAN.
    const campos = CAMPOS_REGISTRADOS.filter((k) => (f as unknown as Record<string, unknown>)[k] !== (actual as unknown as Record<string, unknown>)[k]).map((k) => D[k]);
    if (campos.length) await registrarPor(tx, tiendaId, autor, { tipo: 'documento_electronico', detalle: { accion: 'configuracion', campos, habilitado: f.habilitado, ambiente: f.ambiente === 1 ? 'produccion' : 'habilitacion' } });
    if (otroSoftware) {
      // The empresa's other stores: the software is theirs too, and one that had passed the test set goes back to it.
      const otras = tiendas.filter((x) => x.id !== tiendaId).map((x) => x.id);
      const campo = CAMPOS_EMPRESA.filter((k) => software[k] !== actual[k]).map((k) => D[k]);
      if (otras.length)
        await tx
          .update(dianConfiguracion)
          .set({ habilitacionSuperadaEn: null, ambiente: 2, actualizadoEn: new Date() })
          .where(and(inArray(dianConfiguracion.tiendaId, otras), isNotNull(dianConfiguracion.habilitacionSuperadaEn)));
      const desde = tiendas.find((x) => x.id === tiendaId)!.nombre;
      for (const otra of otras) await registrarPor(tx, otra, autor, { tipo: 'documento_electronico', detalle: { accion: 'software_empresa', campos: campo, desde } });
    }
    return respuesta(tx, f, tiendaId);
  });
}

/** The taxpayer's fields of the form (ADR 069): a change reaches every store of the empresa. */
const CAMPOS_EMPRESA = ['softwareId', 'softwarePin'] as const;

/**
 * Reads the .p12 with its password, refuses one that is not valid today, and keeps it sealed. The
 * file is opened in a worker thread with its key derivations capped (p12.ts); `intentos` limits the
 * store's wrong passwords (the route's, intentos-certificado.ts).
 */
export async function guardarCertificado(options: {
  db: Db;
  tiendaId: number;
  datos: TCertificadoDianRequest;
  autor: Autor;
  ahora?: Date;
  intentos?: IntentosCertificado;
}): Promise<TConfiguracionDian> {
  const { db, tiendaId, datos, autor, intentos } = options;
  const ahora = options.ahora ?? new Date();
  // Refused before the file is read: nothing changes and no password attempt is counted.
  comprobarDueno(await tiendasDeEmpresa(db, tiendaId), autor);
  const p12 = Buffer.from(datos.p12, 'base64');
  let credencial: Credencial;
  try {
    // A file above the iteration cap is refused before this: it costs nothing and says nothing of the password.
    inspeccionarP12(p12);
    await intentos?.comprobar();
    credencial = await leerP12EnHilo(p12, datos.clave);
  } catch (err) {
    if (!(err instanceof CertificadoInvalido)) throw err;
    if (err.motivo === 'ocupado') throw new AppError('RATE_LIMITED', D.certificadoOcupado, { retryAfter: 5 });
    if (err.motivo === 'iteraciones') throw new AppError('VALIDATION', err.message, { fields: { p12: err.message } });
    if (err.motivo === 'clave') await intentos?.fallo();
    throw new AppError('VALIDATION', D.certificadoInvalido, { fields: { p12: D.certificadoInvalido } });
  }
  if (ahora < credencial.validoDesde || ahora > credencial.validoHasta) throw new AppError('VALIDATION', D.certificadoVencido, { fields: { p12: D.certificadoVencido } });
  const resumen = resumenCertificado(credencial);
  try {
    return await db.transaction(async (tx) => {
      const empresa = await empresaParaEscribir(tx, tiendaId);
      // Checked again inside the transaction: a branch opened meanwhile makes it the owner's.
      const tiendas = await tiendasDeEmpresa(tx, tiendaId);
      comprobarDueno(tiendas, autor);
      const para = `empresa:${empresa.empresaId}`;
      const sellado = sellarCertificado({ p12, clave: datos.clave }, contextoDian().llave(), para);
      await tx
        .update(empresaDian)
        .set({ certificadoSellado: sellado, certificadoSelladoPara: para, certificadoResumen: resumen, actualizadoEn: new Date() })
        .where(eq(empresaDian.empresaId, empresa.empresaId));
      await olvidarCopiasPropias(tx, tiendas.map((x) => x.id));
      // Every store of the empresa signs with it from now: each one's log says so.
      const desde = tiendas.length > 1 ? tiendas.find((x) => x.id === tiendaId)!.nombre : undefined;
      for (const t of tiendas) await registrarPor(tx, t.id, autor, { tipo: 'documento_electronico', detalle: { accion: 'certificado', sujeto: resumen.sujeto, validoHasta: resumen.validoHasta, ...(desde ? { desde } : {}) } });
      return respuesta(tx, await filaConfiguracion(tx, tiendaId), tiendaId);
    });
  } finally {
    p12.fill(0);
  }
}

/**
 * Opened credentials by store and sealed blob: reading a .p12 (its key derivation) costs more than
 * signing, and every sale signs. A new certificate is a new blob, so it is never served stale.
 * Bounded; kept only in this process's memory, like the key it came from.
 */
const credenciales = new Map<string, Credencial>();
const MAX_CREDENCIALES = 200;

/** The store's signing credential (its empresa's, ADR 069), opened from custody. */
export function credencialDe(f: Pick<FilaConfiguracion, 'certificadoSellado' | 'certificadoSelladoPara' | 'tiendaId'>): Credencial {
  if (!f.certificadoSellado) throw new AppError('BUSINESS_RULE', D.faltaParaHabilitar([D.faltaCertificado]));
  const para = f.certificadoSelladoPara ?? String(f.tiendaId);
  const clave = `${para}:${f.certificadoSellado}`;
  const ya = credenciales.get(clave);
  if (ya) return ya;
  const c = abrirCertificado(f.certificadoSellado, contextoDian().llave(), para);
  // On this thread (signing is synchronous), with the same iteration caps as an upload: a kept file
  // passed them when it was saved, and one kept before the caps existed is refused, never hangs.
  const credencial = leerP12(c.p12, c.clave);
  c.p12.fill(0);
  if (credenciales.size >= MAX_CREDENCIALES) credenciales.delete(credenciales.keys().next().value!);
  credenciales.set(clave, credencial);
  return credencial;
}

/** The transport the store chose, for its environment. */
export function transporteDe(f: FilaConfiguracion, credencial: Credencial): TransporteDian {
  const ctx = contextoDian();
  if (f.transporte === 'proveedor') return new TransporteApidian({ base: f.proveedorUrl!, token: f.proveedorToken!, tiempoMaximoMs: ctx.tiempoMaximoMs });
  return new TransporteSoapDian({ url: ctx.url(f.ambiente === 1 ? 1 : 2), credencial, tiempoMaximoMs: ctx.tiempoMaximoMs });
}

export function softwareDe(f: FilaConfiguracion, perfil: TPerfilFiscal): Software {
  return { id: f.softwareId!, pin: f.softwarePin!, proveedorNit: perfil.nit, proveedorDv: String(perfil.dv), fabricante: { ...FABRICANTE } };
}

/** DIAN's habilitación test range (SETP 990000000–995000000, resolution 18760000001). */
export const RESOLUCION_PRUEBAS = { numero: '18760000001', fechaDesde: '2019-01-19', fechaHasta: '2030-01-19', prefijo: 'SETP', desde: 990000000, hasta: 995000000 };

/**
 * One sample sale of a habilitación set, as DIAN's test sets ask for them, built from the store's own
 * profile and software: the first (i = 0) paid in cash with IVA 19 %, the second on credit (due in 30
 * days) with an exempt line. The POS set and the factura's set both build theirs here (the
 * factura's without a till).
 */
export function ventaDePrueba(
  f: FilaConfiguracion,
  perfil: TPerfilFiscal,
  v: { i: number; producto: { nombre: string; cantidad: number; importe: number }; ahora: Date; consecutivo: number; resolucion: Resolucion; caja?: Caja },
): DocumentoPos {
  const credito = v.i > 0;
  const vencimiento = new Date(v.ahora.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
  return documentoDesdeVenta({
    nombreTienda: perfil.razonSocial,
    perfil: { ...perfil, telefono: perfil.telefono ?? null },
    lineas: [{ codigo: `SET-${v.i + 1}`, ...v.producto, unidad: '94', impuesto: credito ? 'exento' : 'iva19' }],
    descuento: 0,
    fiado: credito ? { vencimiento } : null,
    medio: '10',
    adquirente: null,
    emision: v.ahora,
    ambiente: 2,
    consecutivo: v.consecutivo,
    resolucion: v.resolucion,
    software: softwareDe(f, perfil),
    caja: v.caja ?? { placa: '', ubicacion: '', cajero: '', tipo: '', codigoVenta: '' },
  });
}

/**
 * Sends the test set to habilitación: documents built from the store's own profile (a cash sale to
 * the consumidor final with IVA 19 %, a fiado sale with an exempt line), signed with its certificate
 * and sent through its transport. When DIAN accepts every one, the habilitación is recorded and
 * producción may be chosen.
 */
export async function enviarSetPruebas(options: { db: Db; tiendaId: number; autor: Autor; ahora?: Date }): Promise<TConfiguracionDian> {
  const { db, tiendaId, autor } = options;
  const f = await filaConfiguracion(db, tiendaId);
  const perfil = await leerPerfilFiscal(db, tiendaId);
  if (!f || f.ambiente !== 2) throw new AppError('BUSINESS_RULE', D.setPruebasSoloHabilitacion);
  if (!perfil || !f.softwareId || !f.softwarePin || !f.testSetId || !f.certificadoSellado) throw new AppError('BUSINESS_RULE', D.setPruebasFalta);
  const credencial = credencialDe(f);
  const transporte = transporteDe(f, credencial);
  // Take the set's numbers first: a second run never repeats one.
  const [n] = await db
    .update(dianConfiguracion)
    .set({ setPruebasSiguiente: sql`${dianConfiguracion.setPruebasSiguiente} + 2` })
    .where(eq(dianConfiguracion.tiendaId, tiendaId))
    .returning({ desde: sql<number>`${dianConfiguracion.setPruebasSiguiente} - 2` });
  const ahora = options.ahora ?? new Date();
  const productos = [
    { nombre: 'Gaseosa 400 ml', cantidad: 2, importe: 5_000 },
    { nombre: 'Huevos x 30', cantidad: 1, importe: 18_000 },
  ];
  const documentos: TResultadoHabilitacion['documentos'] = [];
  for (const [i, producto] of productos.entries()) {
    const doc = ventaDePrueba(f, perfil, {
      i,
      producto,
      ahora,
      consecutivo: Number(n!.desde) + i,
      resolucion: RESOLUCION_PRUEBAS,
      caja: { placa: 'SET-PRUEBAS', ubicacion: 'Habilitación', cajero: 'Set de pruebas', tipo: 'Caja principal', codigoVenta: `SET-${i + 1}` },
    });
    const g = construirDocumentoPos(doc);
    const envio = { numero: g.numero, cude: g.cude, nitEmisor: perfil.nit, xmlFirmado: firmarDocumento(g.xml, credencial, { instante: ahora }) };
    documentos.push(await enviarDocumentoDelSet(transporte, envio, f.testSetId));
  }
  await esperarLote(transporte, documentos);
  return guardarResultado(db, tiendaId, autor, documentos, ahora, 'set_pruebas');
}

/**
 * Sends one document of a test set by the store's transport: DIAN's own service takes it by
 * SendTestSetAsync with the set's id (its verdict comes later, GetStatusZip); an APIDIAN provider
 * by its own API. DIAN not answering leaves it `sin_respuesta`, to be sent again.
 */
export async function enviarDocumentoDelSet(transporte: TransporteDian, envio: EnvioDocumento, testSetId: string): Promise<TResultadoHabilitacion['documentos'][number]> {
  try {
    if (transporte.enviarSetPruebas) {
      const r = await transporte.enviarSetPruebas(envio, testSetId);
      return 'zipKey' in r
        ? { numero: envio.numero, estado: 'en_proceso', codigo: '', descripcion: D.setPruebasEnValidacion, reglas: [], zipKey: r.zipKey }
        : { numero: envio.numero, estado: 'rechazado', codigo: '', descripcion: r.errores.join(' '), reglas: [] };
    }
    const r = await transporte.enviar(envio);
    return { numero: envio.numero, estado: r.estado, codigo: r.codigo, descripcion: r.descripcion, reglas: r.reglas };
  } catch (err) {
    if (!(err instanceof FallaTransporte)) throw err;
    // A refused address or a redirect: the owner reads why (its address to correct), never the answer.
    const descripcion = err.tipo === 'destino' ? err.message : D.setPruebasSinRespuesta;
    return { numero: envio.numero, estado: 'sin_respuesta', codigo: String(err.status ?? ''), descripcion, reglas: [] };
  }
}

/**
 * Asks DIAN (GetStatusZip) for the test set's documents still being validated, a bounded number of
 * rounds with a pause between them; a document DIAN still validates stays `en_proceso` with its
 * ZipKey, to be asked again (`consultarSetPruebas`).
 */
export async function esperarLote(transporte: TransporteDian, documentos: TResultadoHabilitacion['documentos']): Promise<void> {
  const { rondas, pausaMs } = contextoDian().esperaSetPruebas;
  for (let ronda = 0; ronda < rondas; ronda++) {
    const pendientes = documentos.filter((d) => d.estado === 'en_proceso' && d.zipKey);
    if (pendientes.length === 0 || !transporte.consultarZip) return;
    if (ronda > 0) await new Promise((ok) => setTimeout(ok, pausaMs));
    for (const d of pendientes) {
      try {
        const r = (await transporte.consultarZip(d.zipKey!))?.[0];
        if (r) Object.assign(d, { estado: r.estado, codigo: r.codigo, descripcion: r.descripcion, reglas: r.reglas });
      } catch (err) {
        // DIAN not answering now: the document stays en_proceso and is asked again later.
        if (!(err instanceof FallaTransporte)) throw err;
      }
    }
  }
}

async function guardarResultado(db: Db, tiendaId: number, autor: Autor, documentos: TResultadoHabilitacion['documentos'], ahora: Date, accion: 'set_pruebas' | 'consulta_set_pruebas'): Promise<TConfiguracionDian> {
  const aceptado = documentos.every((d) => d.estado === 'aceptado');
  const resultado: TResultadoHabilitacion = { fecha: ahora.toISOString(), aceptado, documentos };
  return db.transaction(async (tx) => {
    const [g] = await tx
      .update(dianConfiguracion)
      .set({ habilitacionResultado: resultado, ...(aceptado ? { habilitacionSuperadaEn: ahora } : {}), actualizadoEn: new Date() })
      .where(eq(dianConfiguracion.tiendaId, tiendaId))
      .returning();
    await registrarPor(tx, tiendaId, autor, { tipo: 'documento_electronico', detalle: { accion, aceptado } });
    return respuesta(tx, g ? await filaConfiguracion(tx, tiendaId) : null, tiendaId);
  });
}

/** "Consultar resultado": asks DIAN again for the test set's documents it was still validating. */
export async function consultarSetPruebas(options: { db: Db; tiendaId: number; autor: Autor; ahora?: Date }): Promise<TConfiguracionDian> {
  const { db, tiendaId, autor } = options;
  const f = await filaConfiguracion(db, tiendaId);
  const previo = f?.habilitacionResultado as TResultadoHabilitacion | null | undefined;
  if (!f || !previo?.documentos.some((d) => d.estado === 'en_proceso' && d.zipKey)) throw new AppError('BUSINESS_RULE', D.setPruebasNadaPendiente);
  const documentos = previo.documentos.map((d) => ({ ...d }));
  await esperarLote(transporteDe(f, credencialDe(f)), documentos);
  return guardarResultado(db, tiendaId, autor, documentos, options.ahora ?? new Date(), 'consulta_set_pruebas');
}
