/**
 * What the electronic POS document needs from the server's settings (ADR 023): the certificate
 * custody key, DIAN's endpoints per environment and the transport's timeout. Set once by buildApp
 * from the validated environment; the sale's domain (which has no app at hand) reads it here.
 */
import type { Env } from '../../env';
import { resolverClaveCustodia } from './custodia';
import { ENDPOINTS_DIAN } from './soap';

export interface ContextoDian {
  /** The 32-byte custody key (read or created on first use). */
  llave(): Buffer;
  /** DIAN's web service by environment: 1 producción, 2 habilitación. */
  url(ambiente: 1 | 2): string;
  /** ms without an answer before a document goes to contingency (DIAN's rule: a minute). */
  tiempoMaximoMs: number;
  /** How long the test set's request waits for DIAN's batch (GetStatusZip): rounds and the pause between them. */
  esperaSetPruebas: { rondas: number; pausaMs: number };
  /** Where a failure that must not stop a sale is told (the server's log). */
  aviso(err: unknown, mensaje: string): void;
}

let actual: ContextoDian | null = null;

export function configurarDian(env: Pick<Env, 'DIAN_CLAVE_CUSTODIA' | 'DATA_DIR' | 'DIAN_URL_HABILITACION' | 'DIAN_URL_PRODUCCION'>, aviso: ContextoDian['aviso'], tiempoMaximoMs = 60_000): ContextoDian {
  let llave: Buffer | null = null;
  actual = {
    llave: () => (llave ??= resolverClaveCustodia(env.DIAN_CLAVE_CUSTODIA, env.DATA_DIR)),
    url: (ambiente) => (ambiente === 1 ? (env.DIAN_URL_PRODUCCION ?? ENDPOINTS_DIAN.produccion) : (env.DIAN_URL_HABILITACION ?? ENDPOINTS_DIAN.habilitacion)),
    tiempoMaximoMs,
    esperaSetPruebas: { rondas: 8, pausaMs: 3_000 },
    aviso,
  };
  return actual;
}

export function contextoDian(): ContextoDian {
  if (!actual) throw new Error('El documento electrónico no está configurado (configurarDian).');
  return actual;
}

/** For tests: change the endpoints or the timeout of the running context. */
export function ajustarContextoDian(cambios: Partial<Omit<ContextoDian, 'llave'>>): void {
  Object.assign(contextoDian(), cambios);
}

/** Tells a failure that must not stop a sale: to the server's log, or the console when no app configured it (a script). */
export function avisarDian(err: unknown, mensaje: string): void {
  if (actual) actual.aviso(err, mensaje);
  else console.error(mensaje, err);
}
