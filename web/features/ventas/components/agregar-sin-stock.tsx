import { ventasCaja } from '#shared/messages/ventas-caja';

// This screen's texts only: the catalogue splits per screen (issue #20).
const V = ventasCaja;

/**
 * Beside "agotado" (issue #36 point 7): the product is in the customer's hand though the system counts
 * none, so the cashier adds it anyway; the payment then asks the permission or a supervisor's PIN.
 */
export function AgregarSinStock({ onAgregar }: { onAgregar: () => void }) {
  return (
    <button type="button" className="btn btn--ghost btn--sm pos__aviso-accion" onClick={onAgregar}>
      {V.agregarDeTodosModos}
    </button>
  );
}
