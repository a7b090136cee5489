/**
 * The store API's face of the supplier (spec §2 /gestionar_proveedores): the names the store's
 * screens use. Every rule is the domain's (proveedor.domain.ts); this file only renames.
 */
import type { TPage } from '#shared/schemas/common';
import type { TCreateProveedorData, TProductoDeProveedor, TProveedor, TProveedorOpcion } from '#shared/schemas/proveedor';
import type { Db } from '../../db/client';
import type { Autor } from '../actividad/actividad.domain';
import * as dominio from './proveedor.domain';
import * as union from './proveedor.union';

/**
 * A supplier as the store lists it: the domain's columns (no field is renamed), its id as `id`; where it
 * was created and a repeated documento only when so (ADR 064: a lone store's answer is as before).
 */
const aProveedor = ({ idProveedor, idTienda: _tienda, creadoEn, documentoRepetido, gemeloId, ...fila }: dominio.TFilaProveedor): TProveedor => ({
  id: idProveedor,
  ...fila,
  ...(creadoEn ? { creadoEn } : {}),
  ...(documentoRepetido ? { documentoRepetido: true } : {}),
  ...(documentoRepetido && gemeloId != null ? { gemeloId: Number(gemeloId) } : {}),
});

/** The suppliers the store reaches (its empresa's, ADR 064) by name; `q` is a name substring, accents and case aside. */
export async function listarProveedores(options: { db: Db; tiendaId: number; q: string; page: number; pageSize: number }): Promise<TPage<TProveedor>> {
  const { db, tiendaId, ...query } = options;
  const page = await dominio.listarProveedores({ db, scope: { tiendaId }, ...query, orden: 'nombre' });
  return { items: page.items.map(aProveedor), total: page.total };
}

/** Id and name of every supplier of the store, for selects. */
export async function opcionesProveedores(options: { db: Db; tiendaId: number }): Promise<TProveedorOpcion[]> {
  return dominio.opcionesProveedores(options);
}

/** The products of one supplier of the store, by name, paged (another store's supplier: 404). */
export async function productosDeProveedor(options: {
  db: Db;
  tiendaId: number;
  id: number;
  q: string;
  page: number;
  pageSize: number;
}): Promise<TPage<TProductoDeProveedor>> {
  const { db, tiendaId, ...query } = options;
  return dominio.productosDeProveedor({ db, scope: { tiendaId }, ...query });
}

export async function crearProveedor(options: { db: Db; tiendaId: number; input: TCreateProveedorData }): Promise<TProveedor> {
  return aProveedor(await dominio.crearProveedor({ db: options.db, scope: { tiendaId: options.tiendaId }, datos: options.input }));
}

/** Deletes a supplier of the store: its products stay, without supplier; one with order deliveries stays (409). */
export async function eliminarProveedor(options: { db: Db; tiendaId: number; id: number; autor: Autor }): Promise<void> {
  await dominio.eliminarProveedor({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id, autor: options.autor });
}

/** Archives a supplier of the store (issue #27): it leaves the lists; its deliveries stay. */
export async function archivarProveedor(options: { db: Db; tiendaId: number; id: number; autor: Autor }): Promise<TProveedor> {
  return aProveedor(await dominio.archivarProveedor({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id, autor: options.autor }));
}

/** Merges another supplier with the same flagged NIT or cédula into this one (issue #56, ADR 072); the survivor as the list shows it. */
export async function unirProveedores(options: { db: Db; tiendaId: number; id: number; otroId: number; autor: Autor }): Promise<TProveedor> {
  const { db, tiendaId, id, otroId, autor } = options;
  await union.unirProveedores({ db, scope: { tiendaId }, id, otroId, autor });
  return aProveedor(await dominio.obtenerProveedor({ db, scope: { tiendaId }, id }));
}
