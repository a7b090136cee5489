import { v4 as uuidv4 } from 'uuid';
import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { CLAVE_LECTURA, LECTURA_ANTICIPADA_MS, huellaDelToken } from '../config/lecturas-anticipadas';
import { clearSession, getToken } from './session';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic };

/** The server could not be reached (network down, server stopped). */
export class NetworkError extends Error {
  constructor() {
    super(M.generic.connectionText);
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** How long to wait for the whole answer before saying "Error de conexión" (10 s by default). */
  timeoutMs?: number;
  /**
   * A token other than the stored session's (the sign-out sends the one it is ending, after the
   * session is already gone here): its 401 never clears the stored session.
   */
  token?: string;
  /** The request outlives the page (fetch `keepalive`): the sign-out goes on while the app navigates. */
  keepalive?: boolean;
  /**
   * A write's `Idempotency-Key` (issue #50 point 1): a copy of the request (a proxy re-sending it to
   * another instance) is answered the first time's answer and never written twice. Every write gets a
   * new one unless the caller passes its own (a form kept across retries of the same operation).
   */
  clave?: string;
}

/** A read index.html's boot script sent before the application loaded (web/config/lecturas-anticipadas.ts). */
interface LecturaAnticipada {
  token: string;
  at: number;
  res: Promise<Response>;
  /** Its JSON once it has arrived with a 2xx (the boot script reads a copy), or the device's copy of the last one. */
  data?: unknown;
  /** When `data` was asked for. */
  dataAt?: number;
  /** `data` is the device's copy of an earlier answer: the read itself is still on its way. */
  guardada?: boolean;
}

declare global {
  interface Window {
    __lecturas?: Record<string, LecturaAnticipada | undefined>;
  }
}

/**
 * The boot script's read of this address, if it is the stored session's and still fresh. `tomar`
 * removes it: a later read of the same address goes to the server as usual.
 */
function lecturaDe(url: string, token: string | null, tomar: boolean): LecturaAnticipada | undefined {
  const all = typeof window === 'undefined' ? undefined : window.__lecturas;
  const early = all?.[url];
  if (!early) return undefined;
  if (tomar) delete all![url];
  return token && early.token === token && Date.now() - early.at <= LECTURA_ANTICIPADA_MS ? early : undefined;
}

/** The address `api()` asks for a path and query (after `/api`). */
export function direccion(path: string, query?: RequestOptions['query']): string {
  const qs = query
    ? new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  return `${path}${qs ? `?${qs}` : ''}`;
}

/**
 * An early read that has already arrived, as a query's initial data (with when it was asked for):
 * the screen renders with it at once instead of one render later (issue #20). Only for the stored
 * session's token.
 */
export function lecturaLista<T>(path: string, query?: RequestOptions['query']): { initialData: T; initialDataUpdatedAt: number } | undefined {
  const url = direccion(path, query);
  const early = lecturaDe(url, getToken(), false);
  if (early?.data === undefined) return undefined;
  // The device's copy of an earlier answer is dated then: the query, stale, asks again, and `api()`
  // takes the boot script's read still on its way. An answer of this visit is taken once: a later
  // read of the address (a refetch) is the server's, not this one.
  if (!early.guardada) delete window.__lecturas![url];
  return { initialData: early.data as T, initialDataUpdatedAt: early.dataAt ?? early.at };
}

/** Keeps the device's copy of an early read's address up to date with what the application last read. */
function guardarLectura(url: string, token: string | null, data: unknown) {
  const key = CLAVE_LECTURA + url;
  try {
    if (token && window.localStorage.getItem(key) !== null) window.localStorage.setItem(key, JSON.stringify({ huella: huellaDelToken(token), at: Date.now(), data }));
  } catch {
    // A full or unavailable storage only costs the next start its head start.
  }
}

/** A request that has not answered by then is treated as a network failure (issue #16 point 6). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The one way the web app talks to the API: JSON in and out, the Bearer token from the session,
 * the error shape turned back into an AppError, and a 401 on a signed-in request ending the session.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token ?? getToken();
  const url = direccion(path, options.query);
  // A GET of the session's own: it may take index.html's early read, and keeps the device's copy fresh.
  const lectura = (options.method ?? 'GET') === 'GET' && !options.token;
  // A write makes every early read still waiting stale: a refetch after it (a sale, a saved order)
  // must ask the server, not take the boot script's answer from before the write.
  if ((options.method ?? 'GET') !== 'GET' && typeof window !== 'undefined' && window.__lecturas) window.__lecturas = {};
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if ((options.method ?? 'GET') !== 'GET' && token) headers['idempotency-key'] = options.clave ?? uuidv4();
  // The caller's signal (a query cancelled by React Query) and the time limit, as one.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forward, { once: true });
  let res: Response;
  let text: string;
  try {
    const ask = () =>
      fetch(`/api${url}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
        keepalive: options.keepalive,
      });
    const early = lectura ? lecturaDe(url, token, true)?.res : undefined;
    res = early
      ? await new Promise<Response>((resolve, reject) => {
          // If the early read failed, ask once more; the caller's cancel and the time limit still apply.
          early.then(resolve, () => ask().then(resolve, reject));
          controller.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
        })
      : await ask();
    text = await res.text();
  } catch (err) {
    if ((err as Error).name === 'AbortError' && !timedOut) throw err;
    throw new NetworkError();
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page, say): handled below by the status code.
  }
  if (!res.ok) {
    const appError = AppError.fromBody(data) ?? new AppError(res.status >= 500 ? 'INTERNAL' : 'INVALID_BODY', M.generic.errorText);
    if (res.status === 401 && token && !options.token && appError.code === 'UNAUTHORIZED') clearSession();
    throw appError;
  }
  if (lectura) guardarLectura(url, token, data);
  return data as T;
}
