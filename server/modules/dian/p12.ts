/**
 * Opening a PKCS#12 (.p12/.pfx) without letting the file decide how long the server is blocked
 * (issue #49 point 2). The file itself chooses how many times its password is hashed — the MAC's
 * iteration count and each encrypted bag's (PBES2/PBKDF2 or PKCS#12 PBE) — up to 2^31, and
 * node-forge derives in pure JavaScript (about 16 µs per PBKDF2-SHA256 iteration here): a 2.6 KB
 * file with 1 000 000 iterations held the event loop for 139 s. So:
 *
 * 1. `inspeccionarP12` reads those counts from the ASN.1 structure, which needs no key, and refuses
 *    a file above MAX_ITERACIONES_P12 per derivation or MAX_ITERACIONES_TOTAL_P12 in all, before any
 *    derivation;
 * 2. the derivations themselves are counted as forge runs them (`vigilarDerivaciones`), which also
 *    covers the counts hidden inside an encrypted bag (seen only after the outer one is opened);
 * 3. `abrirP12EnHilo` derives in a worker thread (p12-worker.mjs), so the server keeps answering
 *    every other store while a certificate is opened; at most HILOS_P12 at once.
 *
 * The cap: 10 000 iterations per derivation. OpenSSL's default is 2048 (PKCS12_DEFAULT_ITER), and
 * the exports shops get from Windows (certmgr: 2000), Certicámara, GSE or Andes use 2000–10 000;
 * NIST SP 800-132's "at least 1000" is met by all of them. 10 000 costs forge about 0.2 s per
 * PBKDF2-SHA256 derivation; a file has three (MAC, certificates, key), and the total cap (50 000,
 * five derivations at the cap) bounds a file with many bags.
 */
import { Worker } from 'node:worker_threads';
import type forge from 'node-forge';
import { dian as D } from '#shared/messages/dian';
import { nodeForge } from '../../lib/perezoso.js';

export const MAX_ITERACIONES_P12 = 10_000;
export const MAX_ITERACIONES_TOTAL_P12 = 50_000;
/** Certificates opened at once in worker threads (the server has few cores); the next ones wait. */
export const HILOS_P12 = 2;
/** Openings that may wait for a thread; the next one is refused at once (busy). */
export const ESPERAN_P12 = 8;
/** A worker that has not answered by then is stopped (the caps make this unreachable by far). */
const TIEMPO_MAXIMO_MS = 60_000;

export type MotivoCertificado = 'archivo' | 'clave' | 'iteraciones' | 'contenido' | 'ocupado';

/**
 * A .p12 that cannot be used. `motivo`: `archivo` not a PKCS#12 forge reads; `iteraciones` above the
 * cap (refused before deriving); `clave` the derivation failed (a wrong password, in practice);
 * `contenido` opened but without an RSA key and its certificate; `ocupado` every thread is busy.
 */
export class CertificadoInvalido extends Error {
  constructor(
    message: string,
    readonly motivo: MotivoCertificado = 'archivo',
  ) {
    super(message);
  }
}

const MENSAJE = D.certificadoInvalido;

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  safeContentsBag: '1.2.840.113549.1.12.10.1.6',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  /** PKCS#12 PBE (pbeWithSHAAnd3-KeyTripleDES-CBC and its siblings) under this arc. */
  pkcs12Pbe: '1.2.840.113549.1.12.1.',
  /** PBES1 (pbeWithMD5AndDES-CBC…): 1.2.840.113549.1.5.{1,3,4,6,10,11}. */
  pbes1: ['1.2.840.113549.1.5.1', '1.2.840.113549.1.5.3', '1.2.840.113549.1.5.4', '1.2.840.113549.1.5.6', '1.2.840.113549.1.5.10', '1.2.840.113549.1.5.11'],
} as const;

type Nodo = forge.asn1.Asn1;

const hijos = (n: Nodo | undefined): Nodo[] => (n && Array.isArray(n.value) ? n.value : []);
const oidDe = (n: Nodo | undefined): string | undefined =>
  n && n.tagClass === nf().asn1.Class.UNIVERSAL && n.type === nf().asn1.Type.OID && typeof n.value === 'string' ? nf().asn1.derToOid(n.value) : undefined;

/** An OCTET STRING's bytes, also when it comes in BER chunks (constructed). */
function octetos(n: Nodo | undefined): string {
  if (!n) throw new CertificadoInvalido(MENSAJE);
  if (typeof n.value === 'string') return n.value;
  return n.value.map(octetos).join('');
}

/** A non-negative INTEGER; anything above 2^31 (or negative) is returned as Infinity. */
function entero(n: Nodo | undefined): number {
  if (!n || n.type !== nf().asn1.Type.INTEGER || typeof n.value !== 'string' || n.value.length === 0) throw new CertificadoInvalido(MENSAJE);
  const bytes = n.value.replace(/^\0+/, '');
  if (n.value.charCodeAt(0) & 0x80) return Infinity;
  if (bytes.length > 4) return Infinity;
  let v = 0;
  for (let i = 0; i < bytes.length; i++) v = v * 256 + bytes.charCodeAt(i);
  return v;
}

const desdeDer = (bytes: string): Nodo => {
  try {
    return nf().asn1.fromDer(nf().util.createBuffer(bytes));
  } catch {
    throw new CertificadoInvalido(MENSAJE);
  }
};

/** The iteration count an AlgorithmIdentifier asks for, when it is a password-based encryption. */
function iteracionesDeAlgoritmo(alg: Nodo | undefined): number | undefined {
  const [oidNodo, params] = hijos(alg);
  const oid = oidDe(oidNodo);
  if (!oid) return undefined;
  if (oid === OID.pbes2) {
    // PBES2-params ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier, encryptionScheme AlgorithmIdentifier }
    const [kdf] = hijos(params);
    const [kdfOid, kdfParams] = hijos(kdf);
    if (oidDe(kdfOid) !== OID.pbkdf2) return undefined; // forge refuses any other KDF without deriving
    // PBKDF2-params ::= SEQUENCE { salt, iterationCount INTEGER, keyLength OPTIONAL, prf DEFAULT }
    return entero(hijos(kdfParams)[1]);
  }
  if (oid.startsWith(OID.pkcs12Pbe) || (OID.pbes1 as readonly string[]).includes(oid)) {
    // pkcs-12PbeParams / PBEParameter ::= SEQUENCE { salt OCTET STRING, iterations INTEGER }
    return entero(hijos(params)[1]);
  }
  return undefined;
}

/** The counts of a SafeContents' bags: shrouded keys, and nested SafeContents. */
function iteracionesDeBolsas(safeContents: Nodo, cuentas: number[], profundidad: number) {
  if (profundidad > 4) throw new CertificadoInvalido(MENSAJE);
  for (const bolsa of hijos(safeContents)) {
    const [bagId, bagValue] = hijos(bolsa);
    const oid = oidDe(bagId);
    const valor = hijos(bagValue)[0]; // [0] EXPLICIT
    if (oid === OID.pkcs8ShroudedKeyBag) {
      // EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData }
      const n = iteracionesDeAlgoritmo(hijos(valor)[0]);
      if (n !== undefined) cuentas.push(n);
    } else if (oid === OID.safeContentsBag && valor) {
      iteracionesDeBolsas(valor, cuentas, profundidad + 1);
    }
  }
}

/**
 * Every key derivation the file asks for (MAC first), read from its structure without the password.
 * Counts inside an encrypted bag cannot be seen: `vigilarDerivaciones` counts those as they run.
 */
export function iteracionesP12(p12: Buffer): number[] {
  const pfx = desdeDer(p12.toString('binary'));
  // PFX ::= SEQUENCE { version INTEGER, authSafe ContentInfo, macData MacData OPTIONAL }
  const [, authSafe, macData] = hijos(pfx);
  const cuentas: number[] = [];
  if (macData) {
    // MacData ::= SEQUENCE { mac DigestInfo, macSalt OCTET STRING, iterations INTEGER DEFAULT 1 }
    const iter = hijos(macData)[2];
    cuentas.push(iter ? entero(iter) : 1);
  }
  const [tipo, contenido] = hijos(authSafe);
  if (oidDe(tipo) !== OID.data) throw new CertificadoInvalido(MENSAJE); // forge reads no other (signedData)
  // AuthenticatedSafe ::= SEQUENCE OF ContentInfo, in the data's OCTET STRING.
  const seguro = desdeDer(octetos(hijos(contenido)[0]));
  for (const info of hijos(seguro)) {
    const [t, c] = hijos(info);
    const oid = oidDe(t);
    const interior = hijos(c)[0];
    if (oid === OID.data) {
      iteracionesDeBolsas(desdeDer(octetos(interior)), cuentas, 0);
    } else if (oid === OID.encryptedData) {
      // EncryptedData ::= SEQUENCE { version, EncryptedContentInfo ::= SEQUENCE { contentType, contentEncryptionAlgorithm, [0] … } }
      const n = iteracionesDeAlgoritmo(hijos(hijos(interior)[1])[1]);
      if (n !== undefined) cuentas.push(n);
    }
  }
  return cuentas;
}

const numero = (n: number) => n.toLocaleString('es-CO');
const mensajeIteraciones = () => D.certificadoIteraciones(numero(MAX_ITERACIONES_P12));

/** Refuses a file whose derivations would cost more than the caps; before any of them runs. */
export function inspeccionarP12(p12: Buffer): void {
  const cuentas = iteracionesP12(p12);
  const total = cuentas.reduce((a, b) => a + b, 0);
  if (cuentas.some((n) => n > MAX_ITERACIONES_P12) || total > MAX_ITERACIONES_TOTAL_P12) {
    throw new CertificadoInvalido(mensajeIteraciones(), 'iteraciones');
  }
}


/** The keys (PKCS#1 PEM) and certificates (PEM) a .p12 holds. */
export interface ContenidoP12 {
  llaves: string[];
  certificados: string[];
}

/**
 * Derivations forge runs on this thread while `presupuesto` is set: each above the cap, or one
 * taking the total over, throws before it runs. Installed once; other users of forge in the process
 * (the red-local certificates) run while it is unset, unchanged.
 */
let presupuesto: { total: number } | null = null;
class DemasiadasIteraciones extends Error {}
function vigilar<F extends (...args: never[]) => unknown>(fn: F, posicion: number): F {
  return function (this: unknown, ...args: Parameters<F>) {
    if (presupuesto) {
      const n = Number(args[posicion]);
      presupuesto.total += n;
      if (!(n <= MAX_ITERACIONES_P12) || presupuesto.total > MAX_ITERACIONES_TOTAL_P12) throw new DemasiadasIteraciones();
    }
    return fn.apply(this, args);
  } as F;
}
let vigilada = false;
/** node-forge, read on its first use (server/lib/perezoso.ts), its derivations watched before anything here runs them. */
function nf(): typeof forge {
  const modulo = nodeForge();
  if (!vigilada) {
    const f = modulo as unknown as {
      pkcs12: { generateKey: (...a: never[]) => unknown };
      pbe: { generatePkcs12Key: (...a: never[]) => unknown };
      pkcs5: { pbkdf2: (...a: never[]) => unknown };
    };
    // (password, salt, id, iter, n, md) and (p, s, c, dkLen, md): where forge's pkcs12.js and pbe.js call them.
    f.pkcs12.generateKey = vigilar(f.pkcs12.generateKey, 3);
    f.pbe.generatePkcs12Key = vigilar(f.pbe.generatePkcs12Key, 3);
    f.pkcs5.pbkdf2 = vigilar(f.pkcs5.pbkdf2, 2);
    vigilada = true;
  }
  return modulo;
}

/** What forge found in an opened store (the same as p12-worker.mjs answers). */
function contenidoDe(almacen: forge.pkcs12.Pkcs12Pfx): ContenidoP12 {
  const bolsas = (tipo: string) => almacen.getBags({ bagType: tipo })[tipo] ?? [];
  const llaves = [...bolsas(nf().pki.oids.pkcs8ShroudedKeyBag!), ...bolsas(nf().pki.oids.keyBag!)]
    .filter((b) => b.key && (b.key as forge.pki.rsa.PrivateKey).n)
    .map((b) => nf().pki.privateKeyToPem(b.key!));
  const certificados = bolsas(nf().pki.oids.certBag!)
    .filter((b) => b.cert)
    .map((b) => nf().pki.certificateToPem(b.cert!));
  return { llaves, certificados };
}

/**
 * Opens a .p12 on this thread: inspected first, derivations counted. For a certificate already kept
 * (validated when it was saved) and for tests; a new upload goes through `abrirP12EnHilo`.
 */
export function abrirP12(p12: Buffer, clave: string): ContenidoP12 {
  inspeccionarP12(p12);
  presupuesto = { total: 0 };
  let almacen: forge.pkcs12.Pkcs12Pfx;
  try {
    almacen = nf().pkcs12.pkcs12FromAsn1(nf().asn1.fromDer(nf().util.createBuffer(p12.toString('binary'))), false, clave);
  } catch (err) {
    if (err instanceof DemasiadasIteraciones) throw new CertificadoInvalido(mensajeIteraciones(), 'iteraciones');
    throw new CertificadoInvalido(MENSAJE, 'clave');
  } finally {
    presupuesto = null;
  }
  return contenidoDe(almacen);
}

/** Threads running and openings waiting for one. */
let corriendo = 0;
const esperan: (() => void)[] = [];

/** Openings running in a worker thread right now (the event loop is free meanwhile). */
export const derivandoEnHilo = () => corriendo;

async function turno(): Promise<void> {
  if (corriendo < HILOS_P12) {
    corriendo++;
    return;
  }
  if (esperan.length >= ESPERAN_P12) throw new CertificadoInvalido(D.certificadoOcupado, 'ocupado');
  // The thread that ends hands its place over (corriendo stays counted).
  await new Promise<void>((resolve) => esperan.push(resolve));
}

function liberar() {
  const siguiente = esperan.shift();
  if (siguiente) siguiente();
  else corriendo--;
}

type Respuesta = { ok: true; llaves: string[]; certificados: string[] } | { ok: false; motivo: 'iteraciones' | 'clave' };

/**
 * Opens a .p12 in a worker thread: inspected here first (a file above the cap never reaches a
 * thread), derived there with the same caps, so the event loop goes on answering meanwhile.
 */
export async function abrirP12EnHilo(p12: Buffer, clave: string): Promise<ContenidoP12> {
  inspeccionarP12(p12);
  await turno();
  try {
    const respuesta = await new Promise<Respuesta>((resolve, reject) => {
      const bytes = new Uint8Array(p12);
      const worker = new Worker(new URL('./p12-worker.mjs', import.meta.url), {
        workerData: { p12: bytes, clave, maxIteraciones: MAX_ITERACIONES_P12, maxTotal: MAX_ITERACIONES_TOTAL_P12 },
        // Plain JavaScript: no loader of the parent (tsx, Vitest) is needed or wanted there.
        execArgv: [],
        resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 },
      });
      const reloj = setTimeout(() => void worker.terminate(), TIEMPO_MAXIMO_MS);
      let respondio = false;
      worker.once('message', (r: Respuesta) => {
        respondio = true;
        resolve(r);
      });
      worker.once('error', reject);
      worker.once('exit', () => {
        clearTimeout(reloj);
        bytes.fill(0);
        if (!respondio) reject(new CertificadoInvalido(MENSAJE, 'archivo'));
      });
    });
    if (!respuesta.ok) throw new CertificadoInvalido(respuesta.motivo === 'iteraciones' ? mensajeIteraciones() : MENSAJE, respuesta.motivo);
    return { llaves: respuesta.llaves, certificados: respuesta.certificados };
  } finally {
    liberar();
  }
}
