import { M } from '#shared/messages';
import type { TInventarioRow, ZCreateInventarioRequest, ZUpdateInventarioRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import { actualizarInventario, crearInventario, eliminarInventario, listarInventarios, obtenerInventario } from '../inventario/inventario.domain';
import type { CrudService } from './crud.scope';

/** The back-office's inventory records (spec §5): an adapter over inventario.domain.ts (issue #27); the messages are the back-office's. */
export const inventarioCrud: CrudService<TInventarioRow, z.output<typeof ZCreateInventarioRequest>, z.output<typeof ZUpdateInventarioRequest>> = {
  list: listarInventarios,
  get: obtenerInventario,
  create: async (o) => ({ id: await crearInventario(o), message: M.crud.registrado.inventario }),
  update: async (o) => {
    await actualizarInventario(o);
    return { message: M.crud.actualizado.inventario };
  },
  remove: async (o) => {
    await eliminarInventario(o);
    return { message: M.crud.eliminado.inventario };
  },
};
