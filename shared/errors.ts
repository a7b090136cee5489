/**
 * One error path for the whole product. Services throw AppError(code); the server maps the code
 * to an HTTP status and answers `{ error: { code, message, fields? } }`; the web client turns
 * that shape back into an AppError.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  INVALID_BODY: 400,
  UNAUTHORIZED: 401,
  BAD_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM: 502,
  /** The database cannot be reached, or the server is shutting down: nothing was written, try again. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldErrors = Record<string, string>;

/** Facts of a refusal a client may act on (the item code of a scale label no product has), never a message. */
export type DatosError = Record<string, string>;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; title?: string; fields?: FieldErrors; datos?: DatosError };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;
  readonly title?: string;
  readonly datos?: DatosError;
  /** A 429's real wait in seconds, sent as `Retry-After` (not part of the body). */
  readonly retryAfter?: number;

  constructor(code: ErrorCode, message: string, options: { fields?: FieldErrors; title?: string; datos?: DatosError; cause?: unknown; retryAfter?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.title = options.title;
    this.datos = options.datos;
    if (options.retryAfter != null) this.retryAfter = Math.max(1, Math.ceil(options.retryAfter));
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.title ? { title: this.title } : {}),
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.datos ? { datos: this.datos } : {}),
      },
    };
  }

  static fromBody(body: unknown): AppError | null {
    if (!body || typeof body !== 'object' || !('error' in body)) return null;
    const e = (body as ErrorBody).error;
    if (!e || typeof e.message !== 'string' || !(e.code in ERROR_STATUS)) return null;
    return new AppError(e.code, e.message, { fields: e.fields, title: e.title, datos: e.datos });
  }
}
