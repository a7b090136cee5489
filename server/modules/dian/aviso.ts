/** A wake-up for the outbox's worker: a new document should be sent now rather than at the next tick. */
type Oyente = () => void;
const oyentes = new Set<Oyente>();

export function avisarBandeja(): void {
  for (const o of oyentes) o();
}

export function alAvisarBandeja(o: Oyente): () => void {
  oyentes.add(o);
  return () => oyentes.delete(o);
}
