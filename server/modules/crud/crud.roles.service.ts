/**
 * The back-office's face of the roles' catalogue (/crud/roles): rows under the table's own names.
 * Every rule (the operator alone changes it, roles 1–3 and roles in use stay) is the domain's
 * (modules/cuenta/rol.domain.ts); this file only adapts and answers the back-office's messages.
 */
import { M } from '#shared/messages';
import type { TCrudCreated, TCrudMessage, TRolRow, ZCreateRolRequest, ZUpdateRolRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as dominio from '../cuenta/rol.domain';
import { lecturaYBorrado, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateRolRequest>;
type Update = z.output<typeof ZUpdateRolRequest>;

/** A role as the back-office lists it (the domain's names are the back-office's). */
const aFila = (r: dominio.TFilaRol): TRolRow => ({ idRol: r.idRol, nombreRol: r.nombreRol, descripcion: r.descripcion });

const datos = (input: Create | Update): dominio.DatosRol => ({ idRol: input.idRol, nombreRol: input.nombreRol, descripcion: input.descripcion });

export async function createRol(options: { db: Db; scope: CrudScope; input: Create }): Promise<TCrudCreated> {
  const { db, scope, input } = options;
  await dominio.crearRol({ db, alcance: scope, datos: datos(input) });
  return { id: input.idRol, message: M.crud.registrado.roles };
}

/** The id may change only for a role no user holds (users point to it). */
export async function updateRol(options: { db: Db; scope: CrudScope; id: number; input: Update }): Promise<TCrudMessage> {
  const { db, scope, id, input } = options;
  await dominio.actualizarRol({ db, alcance: scope, id, datos: datos(input) });
  return { message: M.crud.actualizado.roles };
}

/** A global catalogue: every admin reads it; the operator alone changes it (the domain says so). */
export const rolesCrud: CrudService<TRolRow, Create, Update> = {
  ...lecturaYBorrado({ listar: dominio.listarRoles, obtener: dominio.obtenerRol, eliminar: dominio.eliminarRol }, aFila, M.crud.eliminado.roles),
  create: createRol,
  update: updateRol,
};
