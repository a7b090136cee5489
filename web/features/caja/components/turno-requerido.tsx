import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cajaTurno } from '#shared/messages/caja-turno';
import { generic } from '#shared/messages/comun';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { NetworkError } from '../../../lib/api-client';
import { useTurnoActual } from '../api/get-turno-actual';
import '../caja.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { caja: cajaTurno, generic };

// The form and its validation (zod) load only when the shift is closed: the till does not wait for them (issue #20).
const AbrirCajaForm = lazy(() => import('./abrir-caja-form').then((m) => ({ default: m.AbrirCajaForm })));

interface Props {
  children: ReactNode;
  /**
   * Starts the wrapped screen's first queries at once, alongside the shift's, so they need not wait
   * for it (issue #20: under a slow network each wave costs a round trip). The caller passes the
   * screen's own prefetch (the features do not import each other); runs once, on the first render.
   */
  prefetch?: (qc: QueryClient) => unknown;
}

/**
 * Wraps the till (issue #18): without an open shift the session cannot sell, so instead of the till
 * it shows "Abrir caja" with the float; once open, the till itself.
 */
export function TurnoRequerido({ children, prefetch }: Props) {
  const qc = useQueryClient();
  // In the first render, not an effect: the requests leave with the shift's, before the till's chunk arrives.
  useState(() => prefetch?.(qc));
  const actual = useTurnoActual();
  if (actual.isPending)
    return (
      <div className="state" role="status">
        {M.caja.cargando}
      </div>
    );
  if (actual.isError)
    return (
      <div className="card state" role="alert">
        <p>{M.caja.cargaFallida}</p>
        {/* Without a network the cashier is told so (issue #16 point 6), not only that it failed. */}
        {actual.error instanceof NetworkError && <p>{M.generic.connectionText}</p>}
        <button type="button" className="btn" onClick={() => actual.refetch()}>
          {M.caja.reintentar}
        </button>
      </div>
    );
  if (actual.data.turno) return <>{children}</>;
  return (
    <>
      <PageHeader title={M.caja.titulo} />
      <section className="card caja-gate" aria-labelledby="caja-gate-title">
        <h2 id="caja-gate-title">{M.caja.abrirTitulo}</h2>
        <p className="caja-muted">{M.caja.abrirTexto}</p>
        <Suspense fallback={null}>
          <AbrirCajaForm />
        </Suspense>
        <p className="caja-gate__link">
          <Link to={paths.turnosCaja}>{M.caja.historial}</Link>
        </p>
      </section>
    </>
  );
}
