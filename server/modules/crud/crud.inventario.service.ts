import type { TInventarioRow, ZCreateInventarioRequest, ZUpdateInventarioRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import { createInventario, deleteInventario, getInventario, listInventarios, updateInventario } from '../inventario/inventario.domain';
import type { CrudService } from './crud.scope';

/** The back-office's inventory records (spec §5): an adapter over inventario.domain.ts (issue #27). */
export const inventarioCrud: CrudService<TInventarioRow, z.output<typeof ZCreateInventarioRequest>, z.output<typeof ZUpdateInventarioRequest>> = {
  list: listInventarios,
  get: getInventario,
  create: createInventario,
  update: updateInventario,
  remove: deleteInventario,
};
