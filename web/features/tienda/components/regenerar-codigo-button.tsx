import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { codigoInvitacion } from '#shared/messages/codigo-invitacion';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { codigoInvitacion };

/**
 * 'Cambiar código' beside the invitation code, for the store's admins (role 1), after confirming. The
 * footer shows it on every screen, so what it does (the question, the request, the dialogs) loads on
 * the click (web/features/tienda/api/regenerar-codigo.ts; issue #55 point 4).
 */
export function RegenerarCodigoButton() {
  const qc = useQueryClient();
  const [enviando, setEnviando] = useState(false);
  const onClick = async () => {
    const { cambiarCodigoInvitacion } = await import('../api/regenerar-codigo');
    await cambiarCodigoInvitacion(qc, setEnviando);
  };
  return (
    <button type="button" className="btn btn--ghost btn--sm" onClick={() => void onClick()} disabled={enviando} data-testid="regenerar-codigo">
      {M.codigoInvitacion.regenerar}
    </button>
  );
}
