import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { conteos } from '#shared/messages/conteos';
import { fuenteConteo, type LineaConteoEnEquipo } from '../../lib/fuente-conteo';
import { useEnLinea } from '../../lib/fuente-venta';
import { conteosKeys } from './api/conteos';

const M = { conteos };

/**
 * The count's lines kept on this phone (issue #58 point 1, ADR 042's addendum): offline, a band
 * "Sin conexión · N conteos por enviar" and what waits; online, while they go, and any the server
 * refused with its reason. Blind: only what this person counted, never the system's stock.
 */
export function ConteoEnEquipo({ conteoId }: { conteoId: number }) {
  const enLinea = useEnLinea();
  const [lineas, setLineas] = useState<LineaConteoEnEquipo[]>([]);
  const qc = useQueryClient();
  useEffect(() => fuenteConteo()?.observar(conteoId, setLineas), [conteoId]);
  const pendientes = lineas.filter((l) => l.estado === 'pendiente');
  const rechazadas = lineas.filter((l) => l.estado === 'rechazada');

  // Lines that left the device are the server's now: the count's entries (and the differences) are read again.
  const antes = useRef(0);
  useEffect(() => {
    if (pendientes.length < antes.current) void qc.invalidateQueries({ queryKey: conteosKeys.all });
    antes.current = pendientes.length;
  }, [pendientes.length, qc]);

  if (enLinea && lineas.length === 0) return null;
  return (
    <div className={`conteo-equipo${enLinea ? '' : ' conteo-equipo--sin-red'}`} role="status" aria-live="polite" data-testid="conteo-en-equipo">
      {!enLinea || pendientes.length > 0 ? (
        <p className="conteo-equipo__titulo">
          <strong>{enLinea ? M.conteos.enviando(pendientes.length) : M.conteos.sinConexion(pendientes.length)}</strong>
        </p>
      ) : null}
      {pendientes.length > 0 ? (
        <ul className="conteo-equipo__lineas" aria-label={M.conteos.porEnviar}>
          {pendientes.map((l) => (
            <li key={l.clave}>
              <span>{l.nombre}</span> <strong>{l.cantidad}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {rechazadas.map((l) => (
        <p key={l.clave} className="conteo-equipo__rechazo">
          {M.conteos.rechazada(l.nombre, l.error ?? '')}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void fuenteConteo()?.entendido(l.clave)}>
            {M.conteos.entendido}
          </button>
        </p>
      ))}
    </div>
  );
}
