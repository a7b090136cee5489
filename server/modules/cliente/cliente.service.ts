/**
 * The store API's face of the client (spec §2 /gestionar_clientes): the names the store's screens
 * use. Every rule is the domain's (cliente.domain.ts); this file only renames.
 */
import type { TCliente, TClienteData } from '#shared/schemas/cliente';
import type { TPage } from '#shared/schemas/common';
import type { Db } from '../../db/client';
import * as dominio from './cliente.domain';

const aCliente = (c: dominio.TFilaCliente): TCliente => ({
  id: c.idCliente,
  documento: c.documento,
  tipoDocumento: c.tipoDocumento,
  nombre: c.nombre,
  apellido: c.apellido,
  correo: c.correo,
});

/** The store's clients by name; `q` matches the full name (nombre apellido) or the documento. */
export async function listarClientes(options: { db: Db; tiendaId: number; q: string; page: number; pageSize: number }): Promise<TPage<TCliente>> {
  const { db, tiendaId, ...query } = options;
  const page = await dominio.listarClientes({ db, scope: { tiendaId }, ...query, orden: 'nombre' });
  return { items: page.items.map(aCliente), total: page.total };
}

export async function crearCliente(options: { db: Db; tiendaId: number; input: TClienteData }): Promise<TCliente> {
  return aCliente(await dominio.crearCliente({ db: options.db, scope: { tiendaId: options.tiendaId }, datos: options.input }));
}

export async function actualizarCliente(options: { db: Db; tiendaId: number; id: number; input: TClienteData }): Promise<TCliente> {
  const { db, tiendaId, id, input } = options;
  return aCliente(await dominio.actualizarCliente({ db, scope: { tiendaId }, id, cambios: input }));
}

/** Deletes a client of the store; its past sales stay, without client. */
export async function eliminarCliente(options: { db: Db; tiendaId: number; id: number }): Promise<void> {
  await dominio.eliminarCliente({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id });
}
