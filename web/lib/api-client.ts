import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { clearSession, getToken } from './session';

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
}

/**
 * The one way the web app talks to the API: JSON in and out, the Bearer token from the session,
 * the error shape turned back into an AppError, and a 401 on a signed-in request ending the session.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  const qs = options.query
    ? new URLSearchParams(
        Object.entries(options.query)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}${qs ? `?${qs}` : ''}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError();
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page, say): handled below by the status code.
  }
  if (!res.ok) {
    const appError = AppError.fromBody(data) ?? new AppError(res.status >= 500 ? 'INTERNAL' : 'INVALID_BODY', M.generic.errorText);
    if (res.status === 401 && token && appError.code === 'UNAUTHORIZED') clearSession();
    throw appError;
  }
  return data as T;
}
