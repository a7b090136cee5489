import { codigoInvitacion } from '#shared/messages/tienda';
import { alertFailure, alertSuccess, confirmAction } from '../../../lib/alerts';
import { useRegenerarCodigo } from '../api/regenerar-codigo';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { codigoInvitacion };

/** 'Cambiar código' beside the invitation code, for the store's admins (role 1), after confirming. */
export function RegenerarCodigoButton() {
  const regenerar = useRegenerarCodigo();
  const onClick = async () => {
    const ok = await confirmAction(M.codigoInvitacion.confirmTitle, M.codigoInvitacion.confirmText, M.codigoInvitacion.confirmButton);
    if (!ok) return;
    try {
      const r = await regenerar.mutateAsync();
      await alertSuccess(M.codigoInvitacion.regenerado, M.codigoInvitacion.regeneradoText(r.codigo_invitacion));
    } catch (err) {
      await alertFailure(err);
    }
  };
  return (
    <button type="button" className="btn btn--ghost btn--sm" onClick={() => void onClick()} disabled={regenerar.isPending} data-testid="regenerar-codigo">
      {M.codigoInvitacion.regenerar}
    </button>
  );
}
