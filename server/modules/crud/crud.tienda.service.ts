/**
 * The back-office's face of the stores (/crud/tienda): rows under the table's own names, the
 * caller's own store or, for the platform operator, every store. Every rule (who opens and closes a
 * store, a free email, a new password ending the old sessions) is the domain's
 * (modules/cuenta/tienda.domain.ts); this file only adapts and answers the back-office's messages.
 */
import { M } from '#shared/messages';
import type { TCrudCreated, TCrudMessage, TTiendaRow, ZCreateTiendaRequest, ZUpdateTiendaRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as dominio from '../cuenta/tienda.domain';
import { lecturaYBorrado, type Consulta, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateTiendaRequest>;
type Update = z.output<typeof ZUpdateTiendaRequest>;

/** A store as the back-office lists it: the domain's row, its columns and names the back-office's. */
const aFila = (t: dominio.TFilaTienda): TTiendaRow => t;

/** Only the operator opens stores from the back-office; stores otherwise sign themselves up. */
export async function createTienda(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  const { idTienda } = await dominio.abrirTienda({ db, alcance: scope, datos: input });
  return { id: idTienda, message: M.crud.registrado.tienda };
}

export async function updateTienda(options: { db: Db; scope: CrudScope; id: number; input: Update; consulta?: Consulta }): Promise<TCrudMessage> {
  const { db, scope, id, input, consulta } = options;
  const { contrasenaCambiada } = await dominio.actualizarTienda({ db, alcance: scope, id, datos: input, consulta });
  return { message: contrasenaCambiada ? `${M.crud.actualizado.tienda}. ${M.crud.contrasenaCambiada}` : M.crud.actualizado.tienda };
}

/** The list, one store and closing one (which removes everything it owns) are the domain's. */
export const tiendaCrud: CrudService<TTiendaRow, Create, Update> = {
  ...lecturaYBorrado({ listar: dominio.listarTiendas, obtener: dominio.obtenerTienda, eliminar: dominio.cerrarTienda }, aFila, M.crud.eliminado.tienda),
  create: createTienda,
  update: updateTienda,
};
