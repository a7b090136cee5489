/**
 * The back-office's face of the users (/crud/usuarios): rows and forms under the back-office's names
 * (`nombre`, `apellido`, `email`, `idRol`, `codigo_invitacion`), for a store admin's store or, for
 * the platform operator, every store. Every rule is the domain's (modules/cuenta/usuario.domain.ts);
 * this file only renames and answers the back-office's messages.
 */
import { M } from '#shared/messages';
import type { TCrudCreated, TCrudMessage, TUsuarioRow, ZCreateUsuarioRequest, ZUpdateUsuarioRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as dominio from '../cuenta/usuario.domain';
import { lecturaYBorrado, type Consulta, type CrudScope, type CrudService } from './crud.scope';

type Create = z.output<typeof ZCreateUsuarioRequest>;
type Update = z.output<typeof ZUpdateUsuarioRequest>;

/** A user as the back-office lists it. */
const aFila = (u: dominio.TFilaUsuario): TUsuarioRow => ({
  idUsuario: u.idUsuario,
  documento: u.documento,
  tipoDoc: u.tipoDoc,
  nombre: u.nombre1,
  nombre2: u.nombre2,
  apellido: u.apellido1,
  apellido2: u.apellido2,
  email: u.correo,
  idRol: u.rolId,
  codigoInvitacion: u.codigoInvitacion,
  idTienda: u.tiendaId,
});

/** The back-office form's fields under the domain's names (the code and the password apart). */
const campos = (input: Create | Update) => ({
  documento: input.documento,
  tipoDoc: input.tipoDoc,
  nombre1: input.nombre,
  nombre2: input.nombre2,
  apellido1: input.apellido,
  apellido2: input.apellido2,
  correo: input.email,
  rolId: input.idRol,
});

export async function createUsuario(options: { db: Db; scope: CrudScope; input: Create; consulta?: Consulta }): Promise<TCrudCreated> {
  const { db, scope, input, consulta } = options;
  const { idUsuario } = await dominio.crearUsuario({ db, alcance: scope, datos: { ...campos(input), codigoInvitacion: input.codigo_invitacion, contrasena: input.contrasena }, consulta });
  return { id: idUsuario, message: M.crud.registrado.usuarios };
}

export async function updateUsuario(options: { db: Db; scope: CrudScope; id: number; input: Update; consulta?: Consulta }): Promise<TCrudMessage> {
  const { db, scope, id, input, consulta } = options;
  await dominio.actualizarUsuario({ db, alcance: scope, id, datos: { ...campos(input), codigoInvitacion: input.codigo_invitacion, contrasena: input.contrasena }, consulta });
  return { message: M.crud.actualizado.usuarios };
}

export const usuariosCrud: CrudService<TUsuarioRow, Create, Update> = {
  ...lecturaYBorrado({ listar: dominio.listarUsuarios, obtener: dominio.obtenerUsuario, eliminar: dominio.eliminarUsuario }, aFila, M.crud.eliminado.usuarios),
  create: createUsuario,
  update: updateUsuario,
};
