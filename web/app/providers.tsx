import { hashKey, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppError } from '#shared/errors';
import { alCambiarDeSesion, identidadDeSesion } from '../lib/session';

/**
 * The app's query client. On a shared phone or PC (issue #28) nothing one session read may show in
 * another's: every query key is hashed with the session's identity (a stale entry of the last person
 * can never match a query of the next one), and the cache is emptied when a session ends or another
 * one starts (web/lib/session.ts), before the next screen renders.
 */
export function crearQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Every request runs whatever the browser's network says (issue #53: one till). TanStack's default
      // ('online') holds a query or a mutation, pending for good, once the page has seen an `offline`
      // event, and the till's queries read the device's source then (web/lib/fuente-venta.ts): a network
      // that dropped with the till open left it on "Cargando productos…" until a reload. A request to the
      // server without the network now fails and says so, as on a page opened offline.
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again.
        retry: (count, err) => !(err instanceof AppError && err.status < 500) && count < 2,
        queryKeyHashFn: (queryKey) => hashKey([identidadDeSesion(), ...queryKey]),
      },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(crearQueryClient);
  useEffect(() => alCambiarDeSesion(() => client.clear()), [client]);
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>{children}</BrowserRouter>
    </QueryClientProvider>
  );
}
