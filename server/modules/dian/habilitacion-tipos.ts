/**
 * Each DIAN document type's own habilitación (issue #57 point 5, ADR 023's addendum of 2026-11-30).
 * DIAN enables the factura electrónica de venta (with its credit and debit notes) and the documento
 * soporte (with its adjustment note) separately from the POS document: each with its software
 * (SoftwareID, PIN) and TestSetId, each with its own test set. Role 1 saves a type's data here, sends
 * its set (built from the store's own profile, signed with its certificate, sent by its transport as
 * the POS set: SendTestSetAsync, then GetStatusZip) and reads DIAN's answers; in producción only a
 * type DIAN enabled is issued (`exigirTipoHabilitado`), and each type's documents carry its software.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { digitoVerificacion } from '#shared/impuestos';
import { dian as D } from '#shared/messages/dian';
import type { TConfiguracionDian, THabilitacionTipoRequest, TResultadoHabilitacion, TTipoHabilitacion } from '#shared/schemas/dian';
import type { TPerfilFiscal } from '#shared/schemas/impuestos';
import type { Db, Tx } from '../../db/client';
import { dianHabilitacionTipo, empresaDianTipo } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { tiendasDeEmpresa } from '../tienda/empresa';
import { leerPerfilFiscal } from '../fiscal/perfil-fiscal';
import { emisorDePerfil } from './adaptador';
import {
  comprobarDueno,
  conSoftwareDeEmpresa,
  credencialDe,
  empresaParaEscribir,
  enviarDocumentoDelSet,
  esperarLote,
  filaConfiguracion,
  respuesta,
  softwareDe,
  softwareDeTipos,
  transporteDe,
  ventaDePrueba,
  type FilaConfiguracion,
  type FilaTipo,
  type SoftwareTipo,
} from './configuracion.domain';
import { construirDocumentoSoporte, construirNotaSoporte, lineaSoporte, PREFIJO_NOTAS_SOPORTE, type DocumentoSoporte } from './documento-soporte';
import { construirFacturaVenta, type AdquirenteFactura, type FacturaVenta } from './factura-venta';
import { firmarDocumento } from './firma';
import { construirNotaCreditoFactura, notaCreditoAnulacion, type FacturaOriginal } from './nota-factura';
import { construirNotaDebitoFactura, lineasDeCargos, notaDebito } from './nota-debito';
import type { Resolucion } from './tipos';
import type { DocumentoGenerado } from './xml';
import { fechaHoraBogota } from './cude';

/** The type a DIAN document code belongs to (the POS document's 20/94 is `dian_configuracion`'s). */
export const TIPO_DE_CODIGO: Record<string, TTipoHabilitacion> = { '01': 'factura', '91': 'factura', '92': 'factura', '05': 'soporte', '95': 'soporte' };

/**
 * DIAN's habilitación ranges (resolution 18760000001): invoices SETT 1–5 000 000 with DIAN's published
 * technical key for that range, documento soporte SEDS 984 000 000–985 000 000. *Confirm* in habilitación.
 */
const RESOLUCION_FACTURA_PRUEBAS: Resolucion = { numero: '18760000001', fechaDesde: '2019-01-19', fechaHasta: '2030-01-19', prefijo: 'SETT', desde: 1, hasta: 5_000_000 };
const CLAVE_TECNICA_PRUEBAS = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
const RESOLUCION_SOPORTE_PRUEBAS: Resolucion = { numero: '18760000001', fechaDesde: '2019-01-19', fechaHasta: '2030-01-19', prefijo: 'SEDS', desde: 984_000_000, hasta: 985_000_000 };

/** How many numbers each set takes from its counter (documents and notes share it). */
const NUMEROS_DEL_SET: Record<TTipoHabilitacion, number> = { factura: 4, soporte: 3 };

/**
 * A store's row of a type (null: never configured there) merged with the software its documents of the
 * type carry, and that software (its empresa's when the store has no row).
 */
async function leerTipo(db: Db | Tx, tiendaId: number, tipo: TTipoHabilitacion): Promise<{ fila: FilaTipo | null; software: SoftwareTipo | null }> {
  const [h] = await db
    .select()
    .from(dianHabilitacionTipo)
    .where(and(eq(dianHabilitacionTipo.tiendaId, tiendaId), eq(dianHabilitacionTipo.tipo, tipo)))
    .limit(1);
  const deEmpresa = (await softwareDeTipos(db, tiendaId)).get(tipo) ?? null;
  const fila = h ? conSoftwareDeEmpresa(h, deEmpresa) : null;
  return { fila, software: fila ?? deEmpresa };
}

/** The type's fields of the form that are the empresa's (ADR 069's addendum): a change reaches every store. */
const CAMPOS_EMPRESA = ['softwareId', 'softwarePin'] as const;

/**
 * Saves a type's software and the store's test set id. The software is the empresa's (ADR 069's
 * addendum: DIAN registers it for the taxpayer): in an empresa of two or more stores only its owner
 * changes it (403 `dian.dianDeEmpresa`, nothing written); a change reaches every store, each of which
 * must pass the type's set again, and each store's log says so. The test set id is the store's.
 */
export async function guardarTipo(options: { db: Db; tiendaId: number; tipo: TTipoHabilitacion; datos: THabilitacionTipoRequest; autor: Autor }): Promise<TConfiguracionDian> {
  const { db, tiendaId, tipo, autor } = options;
  const datos = options.datos as Partial<Record<'softwareId' | 'softwarePin' | 'testSetId', string>>;
  if (!datos.softwareId && !datos.softwarePin && !datos.testSetId) throw new AppError('VALIDATION', D.tipoSinDatos);
  return db.transaction(async (tx) => {
    // The empresa's rows first, then the store's (every writer locks in this order).
    const empresa = await empresaParaEscribir(tx, tiendaId);
    const deTipo = and(eq(empresaDianTipo.empresaId, empresa.empresaId), eq(empresaDianTipo.tipo, tipo));
    await tx.insert(empresaDianTipo).values({ empresaId: empresa.empresaId, tipo }).onConflictDoNothing();
    const [deEmpresa] = await tx.select().from(empresaDianTipo).where(deTipo).for('update');
    const tiendas = await tiendasDeEmpresa(tx, tiendaId);
    await tx.insert(dianHabilitacionTipo).values({ tiendaId, tipo }).onConflictDoNothing();
    const filas = await tx
      .select()
      .from(dianHabilitacionTipo)
      .where(and(inArray(dianHabilitacionTipo.tiendaId, tiendas.map((x) => x.id)), eq(dianHabilitacionTipo.tipo, tipo)))
      .orderBy(asc(dianHabilitacionTipo.tiendaId))
      .for('update');
    const actual = conSoftwareDeEmpresa(filas.find((x) => x.tiendaId === tiendaId)!, deEmpresa);
    const software = { softwareId: datos.softwareId ?? actual.softwareId, softwarePin: datos.softwarePin ?? actual.softwarePin };
    const otroSoftware = CAMPOS_EMPRESA.some((k) => software[k] !== actual[k]);
    if (otroSoftware) comprobarDueno(tiendas, autor);
    const testSetId = datos.testSetId ?? actual.testSetId;
    if (testSetId !== actual.testSetId)
      await tx.update(dianHabilitacionTipo).set({ testSetId, actualizadoEn: new Date() }).where(and(eq(dianHabilitacionTipo.tiendaId, tiendaId), eq(dianHabilitacionTipo.tipo, tipo)));
    const campos = [...CAMPOS_EMPRESA.filter((k) => software[k] !== actual[k]), ...(testSetId !== actual.testSetId ? (['testSetId'] as const) : [])].map((k) => D[k]);
    if (otroSoftware) {
      await tx.update(empresaDianTipo).set({ ...software, actualizadoEn: new Date() }).where(deTipo);
      // Every store's copy goes (the owner decided). A store whose documents of the type change software
      // must pass the set again, and its log says so (the acting store's, by its own entry below).
      const desde = tiendas.find((x) => x.id === tiendaId)!.nombre;
      for (const otra of tiendas) {
        const h = filas.find((x) => x.tiendaId === otra.id);
        const antes: SoftwareTipo & { propio?: boolean } = h ? conSoftwareDeEmpresa(h, deEmpresa) : deEmpresa!;
        const cambiados = CAMPOS_EMPRESA.filter((k) => software[k] !== antes[k]).map((k) => D[k]);
        if (h && (cambiados.length || antes.propio))
          await tx
            .update(dianHabilitacionTipo)
            .set({ softwareIdPropio: null, softwarePinPropio: null, ...(cambiados.length ? { estado: 'en_pruebas', habilitadoEn: null } : {}), actualizadoEn: new Date() })
            .where(and(eq(dianHabilitacionTipo.tiendaId, otra.id), eq(dianHabilitacionTipo.tipo, tipo)));
        if (otra.id !== tiendaId && cambiados.length)
          await registrarPor(tx, otra.id, autor, { tipo: 'documento_electronico', detalle: { accion: 'software_empresa', campos: cambiados, desde, documento: D.tiposHabilitacion[tipo]! } });
      }
    }
    if (campos.length) await registrarPor(tx, tiendaId, autor, { tipo: 'documento_electronico', detalle: { accion: 'tipo_configuracion', documento: D.tiposHabilitacion[tipo]!, campos } });
    return respuesta(tx, await filaConfiguracion(tx as unknown as Db, tiendaId), tiendaId);
  });
}

/** Two buyers of DIAN's test set: a company responsible for IVA and a person who is not. */
const COMPRADORES: AdquirenteFactura[] = [
  {
    tipoPersona: 1,
    tipoDocumento: '31',
    numero: '900108281',
    dv: String(digitoVerificacion('900108281')),
    nombre: 'Cliente de pruebas S.A.S.',
    email: 'pruebas@example.com',
    responsabilidades: ['O-13'],
    responsableIva: true,
  },
  { tipoPersona: 2, tipoDocumento: '13', numero: '1020304050', nombre: 'Persona de pruebas', email: 'persona@example.com', responsabilidades: ['R-99-PN'], responsableIva: false },
];

/** The factura's set: two invoices (cash with IVA 19 %, credit with an exempt line), the first annulled by a credit note, the second charged by a debit note. */
function setFactura(f: FilaConfiguracion, perfil: TPerfilFiscal, desde: number, ahora: Date): DocumentoGenerado[] {
  const productos = [
    { nombre: 'Cemento gris 50 kg', cantidad: 4, importe: 136_000 },
    { nombre: 'Huevos x 30', cantidad: 2, importe: 36_000 },
  ];
  const fecha = fechaHoraBogota(ahora).fecha;
  const facturas = productos.map((producto, i) => {
    const pos = ventaDePrueba(f, perfil, {
      i,
      producto,
      ahora,
      consecutivo: desde + i,
      resolucion: RESOLUCION_FACTURA_PRUEBAS,
    });
    const { adquirente: _a, caja: _c, puntos: _p, contingencia: _k, documentoFisico: _d, ...resto } = pos;
    const factura: FacturaVenta = { ...resto, adquirente: COMPRADORES[i]!, claveTecnica: CLAVE_TECNICA_PRUEBAS };
    return { factura, g: construirFacturaVenta(factura) };
  });
  const original = (i: number): FacturaOriginal => {
    const { claveTecnica: _k, ...factura } = facturas[i]!.factura;
    return { factura, numero: facturas[i]!.g.numero, cufe: facturas[i]!.g.cude, fecha };
  };
  const credito = construirNotaCreditoFactura(notaCreditoAnulacion(original(0), { prefijo: 'NC', consecutivo: desde + 2, emision: ahora, motivo: 'Anulación (set de pruebas)' }));
  const debito = construirNotaDebitoFactura(
    notaDebito(original(1), { consecutivo: desde + 3, emision: ahora, concepto: 2, motivo: 'Gastos de envío (set de pruebas)', lineas: lineasDeCargos([{ descripcion: 'Envío a domicilio', valor: 11_900, impuesto: 'iva19' }]) }),
  );
  return [facturas[0]!.g, facturas[1]!.g, credito, debito];
}

/** The documento soporte's set: two purchases from sellers who do not invoice, the first annulled by its adjustment note. */
function setSoporte(f: FilaConfiguracion, perfil: TPerfilFiscal, desde: number, ahora: Date): DocumentoGenerado[] {
  const base = (i: number, nombre: string, importe: number): DocumentoSoporte => ({
    ambiente: 2,
    consecutivo: RESOLUCION_SOPORTE_PRUEBAS.desde + desde + i,
    emision: ahora,
    adquiriente: emisorDePerfil({ ...perfil, telefono: perfil.telefono ?? null }, perfil.razonSocial),
    vendedor: {
      tipoDocumento: '13',
      numero: String(1020304050 + i),
      nombre: i === 0 ? 'Campesino de pruebas' : 'Proveedor informal de pruebas',
      direccion: { municipioCodigo: '11001', municipio: 'Bogotá, D.C.', departamentoCodigo: '11', departamento: 'Bogotá', linea: 'Calle 1 # 2-3' },
    },
    resolucion: RESOLUCION_SOPORTE_PRUEBAS,
    software: softwareDe(f, perfil),
    lineas: [lineaSoporte({ codigo: `SET-${i + 1}`, codigoBarras: null, nombre, cantidad: 30, unidad: '94', importe })],
    pago: { forma: 1, medio: '10' },
    nota: `Compra de pruebas ${i + 1}`,
  });
  const d1 = base(0, 'Huevos', 15_000);
  const g1 = construirDocumentoSoporte(d1);
  const g2 = construirDocumentoSoporte(base(1, 'Arepas', 24_000));
  const sinRango = { numero: '', fechaDesde: '', fechaHasta: '', prefijo: PREFIJO_NOTAS_SOPORTE, desde: 1, hasta: 999_999_999 };
  const nota = construirNotaSoporte({
    ...d1,
    resolucion: sinRango,
    consecutivo: desde + 2,
    ajuste: { concepto: 2, descripcion: 'Anulación (set de pruebas)', referencia: { numero: g1.numero, cuds: g1.cude, fecha: fechaHoraBogota(ahora).fecha } },
  });
  return [g1, g2, nota];
}

/** A type's set, built (unsigned) from the store's profile: its documents in the order they are sent. */
export function documentosDelSet(tipo: TTipoHabilitacion, f: FilaConfiguracion, perfil: TPerfilFiscal, desde: number, ahora: Date): DocumentoGenerado[] {
  return tipo === 'factura' ? setFactura(f, perfil, desde, ahora) : setSoporte(f, perfil, desde, ahora);
}

/** The store's configuration with a type's software in place of the POS document's (when that type has its own). */
export function conSoftwareDelTipo(f: FilaConfiguracion, t: SoftwareTipo | null): FilaConfiguracion {
  return t?.softwareId && t.softwarePin ? { ...f, softwareId: t.softwareId, softwarePin: t.softwarePin } : f;
}

/**
 * Sends a type's test set to habilitación with its own software and TestSetId, through the store's
 * certificate and transport, and records DIAN's answers: `habilitado` when it accepts every document,
 * `rechazado` when it refuses one, `en_pruebas` while it validates or did not answer.
 */
export async function enviarSetTipo(options: { db: Db; tiendaId: number; tipo: TTipoHabilitacion; autor: Autor; ahora?: Date }): Promise<TConfiguracionDian> {
  const { db, tiendaId, tipo, autor } = options;
  const f = await filaConfiguracion(db, tiendaId);
  const t = (await leerTipo(db, tiendaId, tipo)).fila;
  const perfil = await leerPerfilFiscal(db, tiendaId);
  if (!f || f.ambiente !== 2) throw new AppError('BUSINESS_RULE', D.setPruebasSoloHabilitacion);
  if (!perfil || !t?.softwareId || !t.softwarePin || !t.testSetId || !f.certificadoSellado) throw new AppError('BUSINESS_RULE', D.setTipoFalta(D.tiposHabilitacion[tipo]!));
  const credencial = credencialDe(f);
  const transporte = transporteDe(f, credencial);
  // Take the set's numbers first: a second run never repeats one.
  const [n] = await db
    .update(dianHabilitacionTipo)
    .set({ setSiguiente: sql`${dianHabilitacionTipo.setSiguiente} + ${NUMEROS_DEL_SET[tipo]}` })
    .where(and(eq(dianHabilitacionTipo.tiendaId, tiendaId), eq(dianHabilitacionTipo.tipo, tipo)))
    .returning({ desde: sql<number>`${dianHabilitacionTipo.setSiguiente} - ${NUMEROS_DEL_SET[tipo]}` });
  const ahora = options.ahora ?? new Date();
  const delTipo = conSoftwareDelTipo(f, t);
  const generados = documentosDelSet(tipo, delTipo, perfil, Number(n!.desde), ahora);
  const documentos: TResultadoHabilitacion['documentos'] = [];
  for (const g of generados) {
    const envio = { numero: g.numero, cude: g.cude, nitEmisor: perfil.nit, xmlFirmado: firmarDocumento(g.xml, credencial, { instante: ahora }) };
    documentos.push(await enviarDocumentoDelSet(transporte, envio, t.testSetId));
  }
  await esperarLote(transporte, documentos);
  return guardarResultadoTipo(db, tiendaId, tipo, autor, documentos, ahora, 'set_pruebas');
}

/** "Consultar resultado" for one type: asks DIAN again for the documents it was still validating. */
export async function consultarSetTipo(options: { db: Db; tiendaId: number; tipo: TTipoHabilitacion; autor: Autor; ahora?: Date }): Promise<TConfiguracionDian> {
  const { db, tiendaId, tipo, autor } = options;
  const f = await filaConfiguracion(db, tiendaId);
  const previo = (await leerTipo(db, tiendaId, tipo)).fila?.resultado as TResultadoHabilitacion | null | undefined;
  if (!f || !previo?.documentos.some((d) => d.estado === 'en_proceso' && d.zipKey)) throw new AppError('BUSINESS_RULE', D.setTipoNadaPendiente);
  const documentos = previo.documentos.map((d) => ({ ...d }));
  await esperarLote(transporteDe(f, credencialDe(f)), documentos);
  return guardarResultadoTipo(db, tiendaId, tipo, autor, documentos, options.ahora ?? new Date(), 'consulta_set_pruebas');
}

async function guardarResultadoTipo(
  db: Db,
  tiendaId: number,
  tipo: TTipoHabilitacion,
  autor: Autor,
  documentos: TResultadoHabilitacion['documentos'],
  ahora: Date,
  accion: 'set_pruebas' | 'consulta_set_pruebas',
): Promise<TConfiguracionDian> {
  const aceptado = documentos.every((d) => d.estado === 'aceptado');
  const estado = aceptado ? 'habilitado' : documentos.some((d) => d.estado === 'rechazado') ? 'rechazado' : 'en_pruebas';
  const resultado: TResultadoHabilitacion = { fecha: ahora.toISOString(), aceptado, documentos };
  return db.transaction(async (tx) => {
    await tx
      .update(dianHabilitacionTipo)
      .set({ resultado, estado, habilitadoEn: aceptado ? ahora : null, actualizadoEn: new Date() })
      .where(and(eq(dianHabilitacionTipo.tiendaId, tiendaId), eq(dianHabilitacionTipo.tipo, tipo)));
    await registrarPor(tx, tiendaId, autor, { tipo: 'documento_electronico', detalle: { accion, aceptado, documento: D.tiposHabilitacion[tipo] } });
    return respuesta(tx, await filaConfiguracion(tx as unknown as Db, tiendaId), tiendaId);
  });
}

/**
 * The store's configuration to issue a document of `codigo` with: in producción a type DIAN has not
 * enabled is refused (a Spanish message naming it); the type's own software signs its documents.
 * The POS document's codes (20, 94) answer the configuration as it is. `exigir` false: a note to a
 * document already issued only takes the type's software.
 */
export async function configuracionParaTipo(db: Db | Tx, f: FilaConfiguracion, codigo: string, exigir = true): Promise<FilaConfiguracion> {
  const tipo = TIPO_DE_CODIGO[codigo];
  if (!tipo) return f;
  const { fila, software } = await leerTipo(db, f.tiendaId, tipo);
  if (exigir && f.ambiente === 1 && fila?.estado !== 'habilitado') throw new AppError('BUSINESS_RULE', D.tipoNoHabilitado(D.tiposHabilitacion[tipo]!));
  return conSoftwareDelTipo(f, software);
}
