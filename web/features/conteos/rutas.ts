import { paths } from '../../config/paths';

/** The address of one count's screen. */
export const rutaConteo = (id: number) => paths.conteo.replace(':id', String(id));
