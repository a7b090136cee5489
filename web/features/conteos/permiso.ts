import { ROL } from '#shared/roles';
import { useMisPermisos } from '../../lib/mis-permisos';
import { useSession } from '../../lib/session';

/** Who manages counts (open, recount, see differences, approve): role 1, or role 3 with `stock`. The server decides; this only hides buttons. */
export function useEncargaConteos(): boolean {
  const session = useSession();
  const permisos = useMisPermisos();
  return session?.rol === ROL.ADMIN || (session?.rol === ROL.ENCARGADO && permisos.stock);
}
