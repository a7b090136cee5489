/**
 * The suppliers' import (issue #33 point 1): each row is a supplier, found by its name (accents and
 * case aside, as the product import finds a product's supplier). Each field is checked by the
 * supplier's own field list (shared/schemas/proveedor.ts): a new supplier needs its phone and e-mail,
 * as the form asks. The supplier's domain (`importarProveedores`) writes the rows that pass, in one
 * transaction. Only what differs is written: the same file twice changes nothing.
 */
import { M } from '#shared/messages';
import type { TCampoProveedorImportado, TMapeo } from '#shared/schemas/importacion';
import { proveedorConMensajes, type TCamposProveedor } from '#shared/schemas/proveedor';
import { sinTildes } from '#shared/texto';
import type { Db } from '../../db/client';
import type { Autor } from '../actividad/actividad.domain';
import { claveDocumento } from '../proveedor/proveedor.alcance';
import { importarProveedores, proveedoresImportables, type CambiosProveedor, type DatosProveedor } from '../proveedor/proveedor.domain';
import { adivinarMapeo, celdasDe, texto, validarMapeo, type FilaPlan } from './importacion.comun';
import type { Tabla } from './leer-archivo';

const MI = M.importacion;

export const SINONIMOS_PROVEEDOR: Record<TCampoProveedorImportado, string[]> = {
  nombre: ['nombre', 'proveedor', 'razonsocial', 'empresa', 'nombredelproveedor'],
  telefono: ['telefono', 'celular', 'movil', 'tel', 'contacto'],
  email: ['email', 'correo', 'correoelectronico', 'mail'],
  documento: ['nit', 'documento', 'cedula', 'nitocedula', 'identificacion'],
  direccion: ['direccion', 'domicilio'],
};

/** The field list's checks with the import's words. */
const Z = proveedorConMensajes({ vacio: (c) => MI.fila.falta(MI.campos[c]), telefono: M.proveedores.telefonoInvalido }).shape;

const claveNombre = (s: string) => sinTildes(s.trim());

type FilaProveedor = FilaPlan<DatosProveedor, { id: number; campos: CambiosProveedor }>;

export async function planificarProveedores(options: { db: Db; tiendaId: number; tabla: Tabla; mapeo?: TMapeo }) {
  const { db, tiendaId, tabla } = options;
  const mapeo = options.mapeo ?? adivinarMapeo(tabla.columnas, SINONIMOS_PROVEEDOR);
  const idx = validarMapeo<TCampoProveedorImportado>('proveedores', tabla.columnas, mapeo);
  const proveedores = await proveedoresImportables(db, tiendaId);
  const porNombre = new Map<string, typeof proveedores>();
  for (const p of proveedores) porNombre.set(claveNombre(p.nombre), [...(porNombre.get(claveNombre(p.nombre)) ?? []), p]);
  const vistos = new Map<string, number>();
  // A documento is one supplier of the empresa (ADR 064): the empresa's by its key, and the file's rows so far.
  const porDocumento = new Map<string, (typeof proveedores)[number]>();
  for (const p of proveedores) if (p.documento && !porDocumento.has(claveDocumento(p.documento))) porDocumento.set(claveDocumento(p.documento), p);
  const documentosVistos = new Map<string, number>();
  const filas: FilaProveedor[] = [];

  for (const { fila, celdas } of tabla.filas) {
    const errores: string[] = [];
    const { celda, lleno } = celdasDe(idx, celdas);
    const v: Partial<TCamposProveedor> = {};
    for (const k of ['nombre', 'telefono', 'email', 'documento', 'direccion'] as const) {
      if (!lleno(k)) continue;
      const r = Z[k].safeParse(texto(celda(k)));
      if (r.success) (v as Record<string, unknown>)[k] = r.data;
      else errores.push(MI.fila.campo(MI.campos[k], r.error.issues[0]?.message ?? M.generic.validation));
    }
    if (!lleno('nombre')) errores.push(MI.fila.falta(MI.campos.nombre));

    let existente: (typeof proveedores)[number] | undefined;
    if (v.nombre) {
      const k = claveNombre(v.nombre);
      const antes = vistos.get(k);
      if (antes !== undefined) errores.push(MI.fila.proveedorRepetido(antes));
      else vistos.set(k, fila);
      const candidatos = porNombre.get(k) ?? [];
      if (candidatos.length > 1) errores.push(MI.fila.proveedorAmbiguo);
      existente = candidatos[0];
    }
    if (v.documento) {
      const k = claveDocumento(v.documento);
      const otro = porDocumento.get(k);
      if (otro && otro.idProveedor !== existente?.idProveedor) errores.push(MI.fila.campo(MI.campos.documento, M.proveedores.documentoDuplicado(otro.nombre)));
      const antes = documentosVistos.get(k);
      if (antes !== undefined) errores.push(MI.fila.documentoRepetido(antes));
      else documentosVistos.set(k, fila);
    }

    const plan: FilaProveedor = { fila, accion: 'error', errores, muestra: { nombre: v.nombre ?? '', telefono: v.telefono ?? null, correo: v.email ?? null } };
    if (errores.length === 0 && v.nombre) {
      if (!existente) {
        if (!v.telefono) errores.push(MI.fila.falta(MI.campos.telefono));
        if (!v.email) errores.push(MI.fila.falta(MI.campos.email));
        if (errores.length === 0) {
          plan.accion = 'nuevo';
          plan.alta = { nombre: v.nombre, telefono: v.telefono!, email: v.email!, ...(v.documento ? { documento: v.documento } : {}), ...(v.direccion ? { direccion: v.direccion } : {}) };
        }
      } else {
        const campos: CambiosProveedor = {};
        for (const k of ['nombre', 'telefono', 'email', 'documento', 'direccion'] as const) if (v[k] !== undefined && v[k] !== existente[k]) (campos as Record<string, unknown>)[k] = v[k];
        if (Object.keys(campos).length === 0) plan.accion = 'igual';
        else {
          plan.accion = 'actualizar';
          plan.cambio = { id: existente.idProveedor, campos };
        }
      }
    }
    filas.push(plan);
  }
  return { columnas: tabla.columnas, mapeo, filas };
}

/** The supplier's domain writes the rows that pass, in one transaction. */
export const escribirProveedores =
  (options: { db: Db; tiendaId: number; autor: Autor }) =>
  (altas: DatosProveedor[], cambios: { id: number; campos: CambiosProveedor }[], alAvanzar?: (hechas: number, total: number) => void | Promise<void>) =>
    importarProveedores({ ...options, altas, cambios, alAvanzar });
