import { dian } from '#shared/messages/dian';
import { documentoSoporte } from '#shared/messages/documento-soporte';
import type { TSoporteRecepcion } from '#shared/schemas/documento-soporte';

// This component's texts only: the catalogue splits per screen (issue #20).
const M = { dian, documentoSoporte };

/**
 * A reception's documento soporte (issue #57 point 3, ADR 055): its number, DIAN state and CUDS, its
 * adjustment notes, or why it has none yet (no DS range in use). Only a reception from a supplier
 * who does not invoice has one.
 */
export function SoporteRecepcion({ soporte }: { soporte: TSoporteRecepcion | null }) {
  if (!soporte) return null;
  const d = soporte.documento;
  if (!d) return <p className="cmp-muted cmp-soporte">{soporte.aviso}</p>;
  return (
    <div className="cmp-soporte">
      <strong>{M.documentoSoporte.numero(d.numero)}</strong> · {M.documentoSoporte.estado}: {M.dian.estados[d.estado as keyof typeof M.dian.estados] ?? d.estado}
      <div className="cmp-soporte__codigo">
        {M.documentoSoporte.cuds}: <code>{d.cuds}</code>
      </div>
      {soporte.notas.map((n) => (
        <div key={n.numero}>
          {M.documentoSoporte.nota} {n.numero} · {M.documentoSoporte.conceptos[n.concepto] ?? n.concepto} · {M.dian.estados[n.estado as keyof typeof M.dian.estados] ?? n.estado}
        </div>
      ))}
    </div>
  );
}
