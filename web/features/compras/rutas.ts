import { paths } from '../../config/paths';

/** The address of one purchase order's screen. */
export const rutaOrden = (id: number) => paths.ordenCompra.replace(':id', String(id));
