import { useQuery } from '@tanstack/react-query';
import { puntos } from '#shared/messages/puntos';
import type { TPuntosCliente } from '#shared/schemas/puntos';
import { api } from '../../../lib/api-client';
import { useFechas } from '../../../lib/fechas';
import { clientesKeys } from '../api/keys';

/** A customer's loyalty points (ADR 054): the balance, its value in pesos and the latest movements; nothing when the store gives no points. */
export function PuntosCliente({ clienteId }: { clienteId: number }) {
  const fechas = useFechas();
  const q = useQuery({ queryKey: [...clientesKeys.all, 'puntos', clienteId] as const, queryFn: () => api<TPuntosCliente>(`/puntos/clientes/${clienteId}`) });
  if (!q.data?.activo) return null;
  const p = q.data;
  return (
    <section className="card gcl-puntos" aria-label={puntos.saldo} data-testid="cliente-puntos">
      <h3>
        {puntos.saldo}: <strong>{puntos.saldoEnCaja(p.saldo, p.valorPunto)}</strong>
      </h3>
      {p.movimientos.length ? (
        <ul aria-label={puntos.movimientos}>
          {p.movimientos.map((m) => (
            <li key={m.id}>
              {fechas.fechaHora(m.fecha)} · {puntos.tipos[m.tipo] ?? m.tipo}
              {m.ventaNumero != null ? ` #${m.ventaNumero}` : ''} · <strong>{m.puntos > 0 ? `+${m.puntos}` : m.puntos}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="gcl-muted">{puntos.sinMovimientos}</p>
      )}
    </section>
  );
}
