import { ROL } from '#shared/roles';
import { paths } from '../../config/paths';
import { useMisPermisos } from '../../lib/mis-permisos';
import { useSession } from '../../lib/session';

/** The address of one price list's screen. */
export const rutaLista = (id: number) => paths.listaPrecios.replace(':id', String(id));

/** Who manages price lists: role 1, or a role the owner gave `listasPrecios`. The server decides; this only hides the screen's forms. */
export function usePuedeListas(): boolean {
  const session = useSession();
  const permisos = useMisPermisos();
  return session?.rol === ROL.ADMIN || !!permisos.listasPrecios;
}

/** Who manages promotions (issue #59 point 5, ADR 052): role 1, or a role the owner gave `promociones`. The server decides; this only hides the form. */
export function usePuedePromociones(): boolean {
  const session = useSession();
  const permisos = useMisPermisos();
  return session?.rol === ROL.ADMIN || !!permisos.promociones;
}
