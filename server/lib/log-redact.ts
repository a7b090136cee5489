import pino from 'pino';

/**
 * Secrets never reach the log: passwords, PINs, recovery and invitation codes, tokens. The old clients
 * sign in with a GET whose query string carries the password, and any error may carry a request's
 * values (a failed query's parameters); so URLs, bodies and errors are redacted before logging.
 */
export const REDACTED = '[REDACTED]';

/** Keys whose values are secret, whatever their spelling (contrasena, confirmarContrasena, codigo_invitacion…). */
const SECRET_KEY = /contrase(?:n|ñ)a|passw|pwd|clave|c(?:o|ó)digo|token|secret|authorization|cookie|api[-_]?key|p12|pfx|certificado_?sellado/i;

/**
 * A supervisor's PIN (issue #28): `pin`, `pin_nuevo`, `pinNuevo`, `nuevoPin`, `PIN`; not words that
 * merely contain the letters (`spinner`, `opinion`, `pintura`).
 */
const PIN_KEY = /(?:^|[^a-zA-Z])pin(?:$|[^a-z])|[a-z]Pin(?:$|[^a-z])|(?:^|[^a-zA-Z])PIN(?:$|[^a-zA-Z])/;

export const isSecretKey = (key: string) => SECRET_KEY.test(key) || PIN_KEY.test(key);

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `key=value` pairs of a query string or form body, with the secret values replaced. */
function redactPairs(pairs: string): string {
  return pairs
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      return isSecretKey(decode(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A URL with the values of its secret query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
  return `${url.slice(0, q + 1)}${redactPairs(query)}${hash < 0 ? '' : url.slice(hash)}`;
}

/**
 * Free text (an error message or stack): secret `key=value` pairs, `"key":"value"` JSON members and
 * the parameter list of a failed query are replaced.
 */
export function redactText(text: string): string {
  return text
    .replace(/([?&;\s]|^)([^=&\s?;"']+)=([^&\s#"']*)/g, (all, sep: string, key: string) => (isSecretKey(decode(key)) ? `${sep}${key}=${REDACTED}` : all))
    .replace(/("([^"\\]+)"\s*:\s*)("(?:[^"\\]|\\.)*"|[^,}\]\s]+)/g, (all, head: string, key: string) => (isSecretKey(key) ? `${head}"${REDACTED}"` : all))
    .replace(/(\bparams:\s*)[^\n]*/g, `$1${REDACTED}`);
}

/** A copy of a logged value with secret keys' values, failed queries' parameters and secret pairs in text replaced. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // A failed query's parameters are the request's values (emails, hashes, codes).
    out[k] = isSecretKey(k) || k === 'params' ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/**
 * Serializers for every logger of the server (Fastify's and the start-up one): the request line with
 * its secret query values redacted, errors redacted, and any `body`, `query` or `params` logged as such.
 */
export const logSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
  err(err: Error) {
    return redactValue(pino.stdSerializers.err(err));
  },
  body: (v: unknown) => redactValue(v),
  query: (v: unknown) => redactValue(v),
  params: (v: unknown) => redactValue(v),
};

/** Fastify's logger option with these serializers (false stays off). */
export function loggerOptions(logger: boolean | Record<string, unknown> | undefined, level: string): false | Record<string, unknown> {
  if (logger === false) return false;
  const base = logger === true || logger === undefined ? { level } : logger;
  return { ...base, serializers: { ...logSerializers, ...((base.serializers as Record<string, unknown> | undefined) ?? {}) } };
}
