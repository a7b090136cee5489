/**
 * The store API's face of the client (spec §2 /gestionar_clientes): the names the store's screens
 * use. Every rule is the domain's (cliente.domain.ts); this file only renames.
 */
import { elegir } from '#shared/campos';
import { LEIDAS_TIENDA, type TCliente, type TClienteData } from '#shared/schemas/cliente';
import type { TPage } from '#shared/schemas/common';
import type { Db } from '../../db/client';
import type { Autor } from '../actividad/actividad.domain';
import { resumenesCredito } from '../fiado/fiado.service';
import * as dominio from './cliente.domain';
import * as union from './cliente.union';

/** A client as the store's screens show it: the columns the store reads (no field is renamed), its id as `id`. */
const aCliente = (c: dominio.TFilaCliente): TCliente => ({ id: c.idCliente, ...elegir(c, LEIDAS_TIENDA), ...(c.documentoRepetido ? { documentoRepetido: true } : {}) });

/** The store's clients (its empresa's, issue #56) by name; `q` matches the full name (nombre apellido) or the documento. */
export async function listarClientes(options: { db: Db; tiendaId: number; q: string; page: number; pageSize: number }): Promise<TPage<TCliente>> {
  const { db, tiendaId, ...query } = options;
  const page = await dominio.listarClientes({ db, scope: { tiendaId }, ...query, orden: 'nombre' });
  // Fiado (issue #17): the list shows each client's balance, limit and the age of the oldest debt.
  const credito = await resumenesCredito(db, tiendaId, page.items.map((c) => ({ id: c.idCliente, fiado: c.fiado, cupo: c.cupo })));
  return { items: page.items.map((c) => ({ ...aCliente(c), credito: credito.get(c.idCliente) })), total: page.total };
}

export async function crearCliente(options: { db: Db; tiendaId: number; autor: Autor; input: TClienteData }): Promise<TCliente> {
  return aCliente(await dominio.crearCliente({ db: options.db, scope: { tiendaId: options.tiendaId }, datos: options.input, autor: options.autor }));
}

export async function actualizarCliente(options: { db: Db; tiendaId: number; autor: Autor; id: number; input: TClienteData }): Promise<TCliente> {
  const { db, tiendaId, autor, id, input } = options;
  return aCliente(await dominio.actualizarCliente({ db, scope: { tiendaId }, id, cambios: input, autor }));
}

/** Deletes a client of the store; its past sales stay, without client. */
export async function eliminarCliente(options: { db: Db; tiendaId: number; id: number; autor: Autor }): Promise<void> {
  await dominio.eliminarCliente({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id, autor: options.autor });
}

/** Archives a client of the store (issue #27): only with a zero balance; hidden from lists and the till. */
export async function archivarCliente(options: { db: Db; tiendaId: number; id: number; autor: Autor }): Promise<TCliente> {
  return aCliente(await dominio.archivarCliente({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id, autor: options.autor }));
}

/** Merges another customer with the same flagged documento into this one (issue #56, ADR 067); the survivor as the screens show it. */
export async function unirClientes(options: { db: Db; tiendaId: number; id: number; otroId: number; autor: Autor }): Promise<TCliente> {
  const { db, tiendaId, id, otroId, autor } = options;
  await union.unirClientes({ db, scope: { tiendaId }, id, otroId, autor });
  return aCliente(await dominio.obtenerCliente({ db, scope: { tiendaId }, id }));
}
