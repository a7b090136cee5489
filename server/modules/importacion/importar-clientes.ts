/**
 * The customers' import (issue #33 point 1): each row is a customer, found by its document (one
 * customer per document in a store, written with or without dots). Each field is checked by the
 * customer's own field list (shared/schemas/cliente.ts), the document against its type and fiado
 * against the customer's age as the form does; credit terms (fiado, limit, days) need the `credito`
 * permission. The customer's domain (`importarClientes`) writes the rows that pass, in one
 * transaction, with the same rules. Only what differs is written: the same file twice changes nothing.
 */
import { errorDocumentoPorTipo, errorFiadoPorTipo } from '#shared/documento';
import { M } from '#shared/messages';
import { TIPOS_DOC_CLIENTE } from '#shared/roles';
import { clienteConMensajes, type TCamposCliente } from '#shared/schemas/cliente';
import type { TCampoClienteImportado, TMapeo } from '#shared/schemas/importacion';
import type { Db } from '../../db/client';
import type { Autor } from '../actividad/actividad.domain';
import { clientesImportables, importarClientes, type CambiosCliente, type DatosCliente } from '../cliente/cliente.domain';
import { puede } from '../tienda/permisos';
import { adivinarMapeo, celdasDe, clave, entero, siNo, texto, validarMapeo, type FilaPlan } from './importacion.comun';
import type { Tabla } from './leer-archivo';

const MI = M.importacion;

export const SINONIMOS_CLIENTE: Record<TCampoClienteImportado, string[]> = {
  documento: ['documento', 'numerodedocumento', 'numerodocumento', 'cedula', 'cc', 'identificacion', 'nit', 'nodocumento', 'doc'],
  tipoDocumento: ['tipodedocumento', 'tipodocumento', 'tipo', 'tipoid', 'tipodeidentificacion'],
  nombre: ['nombre', 'nombres', 'nombrecompleto', 'cliente', 'razonsocial'],
  apellido: ['apellido', 'apellidos'],
  correo: ['correo', 'email', 'correoelectronico', 'mail'],
  telefono: ['telefono', 'celular', 'movil', 'whatsapp', 'tel'],
  fiado: ['fiado', 'puedefiar', 'puedefiarsino', 'credito', 'fia'],
  cupo: ['cupo', 'cupodefiado', 'cupodecredito', 'limite', 'limitedecredito'],
  plazoFiado: ['plazo', 'plazoparapagar', 'plazoparapagardias', 'diasdeplazo', 'plazodias', 'dias'],
};

/** The field list's checks with the import's words: a missing field is named. */
const Z = clienteConMensajes({ vacio: (c) => MI.fila.falta(MI.campos[c]), tipoDocumento: M.registro.tipoDoc }).shape;

/** A type written as its code ("CC") or its name ("Cédula de ciudadanía"). */
const TIPOS = new Map<string, string>(TIPOS_DOC_CLIENTE.flatMap((t) => [[clave(t.value), t.value] as const, [clave(t.label), t.value] as const]));

/**
 * One column with the whole name and none for the surname: "María Pérez" is María + Pérez, "Juan
 * Pérez Gómez" Juan + Pérez Gómez, four words or more two and the rest (Colombian names carry two
 * surnames). A single word stays the name, and a new customer then misses the surname.
 */
export function partirNombre(completo: string): { nombre: string; apellido: string | null } {
  const p = completo.split(/\s+/).filter(Boolean);
  if (p.length < 2) return { nombre: completo, apellido: null };
  const n = p.length >= 4 ? 2 : 1;
  return { nombre: p.slice(0, n).join(' '), apellido: p.slice(n).join(' ') };
}

type FilaCliente = FilaPlan<DatosCliente, { id: number; campos: CambiosCliente }>;

export async function planificarClientes(options: { db: Db; tiendaId: number; autor: Autor; tabla: Tabla; mapeo?: TMapeo }) {
  const { db, tiendaId, autor, tabla } = options;
  const mapeo = options.mapeo ?? adivinarMapeo(tabla.columnas, SINONIMOS_CLIENTE);
  const idx = validarMapeo<TCampoClienteImportado>('clientes', tabla.columnas, mapeo);
  const [clientes, puedeCredito] = await Promise.all([clientesImportables(db, tiendaId), puede(db, tiendaId, autor, 'credito')]);
  const porDocumento = new Map(clientes.map((c) => [c.documento, c]));
  const vistos = new Map<string, number>();
  const filas: FilaCliente[] = [];

  for (const { fila, celdas } of tabla.filas) {
    const errores: string[] = [];
    const { celda, lleno } = celdasDe(idx, celdas);
    const v: Partial<TCamposCliente> = {};
    const campo = <K extends 'documento' | 'nombre' | 'apellido' | 'correo' | 'telefono'>(k: K, valor: string) => {
      const r = Z[k].safeParse(valor);
      if (r.success) (v as Record<string, unknown>)[k] = r.data;
      else errores.push(MI.fila.campo(MI.campos[k], r.error.issues[0]?.message ?? M.generic.validation));
    };

    if (!lleno('documento')) errores.push(MI.fila.documentoVacio);
    else campo('documento', texto(celda('documento')));
    if (lleno('tipoDocumento')) {
      const tipo = TIPOS.get(clave(texto(celda('tipoDocumento'))));
      if (tipo) v.tipoDocumento = tipo;
      else errores.push(MI.fila.campo(MI.campos.tipoDocumento, M.registro.tipoDoc));
    }
    if (lleno('nombre')) {
      const completo = texto(celda('nombre'));
      if (idx.apellido === undefined || !lleno('apellido')) {
        const partes = partirNombre(completo);
        campo('nombre', partes.nombre);
        if (partes.apellido) campo('apellido', partes.apellido);
      } else campo('nombre', completo);
    }
    if (lleno('apellido')) campo('apellido', texto(celda('apellido')));
    if (lleno('correo')) campo('correo', texto(celda('correo')));
    if (lleno('telefono')) campo('telefono', texto(celda('telefono')));
    if (lleno('fiado')) {
      const f = siNo(celda('fiado')!, MI.campos.fiado);
      if (typeof f === 'string') errores.push(f);
      else v.fiado = f;
    }
    for (const [k, max] of [
      ['cupo', 1_000_000_000_000],
      ['plazoFiado', 365],
    ] as const) {
      if (!lleno(k)) continue;
      const n = entero(celda(k)!, MI.campos[k], max);
      if (typeof n === 'string') errores.push(n);
      else if (k === 'plazoFiado' && n < 1) errores.push(MI.fila.campo(MI.campos.plazoFiado, M.fiado.plazoInvalido));
      else v[k] = n;
    }

    // Once per file, then the store's customer with that document.
    const existente = v.documento ? porDocumento.get(v.documento) : undefined;
    if (v.documento) {
      const antes = vistos.get(v.documento);
      if (antes !== undefined) errores.push(MI.fila.documentoRepetido(antes));
      else vistos.set(v.documento, fila);
    }
    // The customer it will be: the row's values over the stored ones (or a new one's defaults).
    const tipo = v.tipoDocumento ?? existente?.tipoDocumento ?? 'CC';
    const fiado = v.fiado ?? existente?.fiado ?? false;
    if (v.documento) {
      const doc = errorDocumentoPorTipo(tipo, v.documento);
      if (doc) errores.push(doc);
    }
    const menor = errorFiadoPorTipo(tipo, fiado);
    if (menor) errores.push(menor);

    const nombreVisto = [v.nombre ?? existente?.nombre, v.apellido ?? existente?.apellido].filter(Boolean).join(' ');
    const plan: FilaCliente = { fila, accion: 'error', errores, muestra: { nombre: nombreVisto, documento: v.documento ?? null, telefono: v.telefono ?? null, correo: v.correo ?? null } };
    const credito = (cambia: boolean) => {
      if (cambia && !puedeCredito) errores.push(MI.fila.sinPermisoCredito);
    };
    if (errores.length === 0 && v.documento) {
      if (!existente) {
        if (!v.nombre) errores.push(MI.fila.falta(MI.campos.nombre));
        if (!v.apellido) errores.push(MI.fila.falta(MI.campos.apellido));
        credito(v.fiado === true || (v.cupo ?? 0) !== 0 || (v.plazoFiado !== undefined && v.plazoFiado !== 30));
        if (errores.length === 0) {
          plan.accion = 'nuevo';
          plan.alta = { ...v, documento: v.documento, tipoDocumento: tipo, nombre: v.nombre!, apellido: v.apellido! };
        }
      } else {
        const campos: CambiosCliente = {};
        for (const k of ['tipoDocumento', 'nombre', 'apellido', 'correo', 'telefono', 'fiado', 'cupo', 'plazoFiado'] as const) {
          if (v[k] !== undefined && v[k] !== existente[k]) (campos as Record<string, unknown>)[k] = v[k];
        }
        credito(campos.fiado !== undefined || campos.cupo !== undefined || campos.plazoFiado !== undefined);
        if (errores.length === 0) {
          if (Object.keys(campos).length === 0) plan.accion = 'igual';
          else {
            plan.accion = 'actualizar';
            plan.cambio = { id: existente.idCliente, campos };
          }
        }
      }
    }
    filas.push(plan);
  }
  return { columnas: tabla.columnas, mapeo, filas };
}

/** The customer's domain writes the rows that pass, in one transaction. */
export const escribirClientes =
  (options: { db: Db; tiendaId: number; autor: Autor }) =>
  (altas: DatosCliente[], cambios: { id: number; campos: CambiosCliente }[], alAvanzar?: (hechas: number, total: number) => void | Promise<void>) =>
    importarClientes({ ...options, altas, cambios, alAvanzar });
