/**
 * Opens a .p12 off the event loop (issue #49 point 2, started by p12.ts `abrirP12EnHilo`): node-forge
 * derives the password's keys here, in pure JavaScript, while the server goes on answering. The file
 * was inspected before it came (no count above the cap is visible in it); the derivations are counted
 * again here as forge runs them, which also covers the counts hidden inside an encrypted bag. Plain
 * JavaScript, loaded beside the bundle (scripts/build-server.mjs copies it): answers one message and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import forge from 'node-forge';

if (!parentPort) throw new Error('p12-worker.mjs runs as a worker thread');

const { p12, clave, maxIteraciones, maxTotal } = workerData;

class DemasiadasIteraciones extends Error {}
let total = 0;
/** Each derivation above the cap, or one taking the total over, throws before it runs. */
function vigilar(fn, posicion) {
  return function (...args) {
    const n = Number(args[posicion]);
    total += n;
    if (!(n <= maxIteraciones) || total > maxTotal) throw new DemasiadasIteraciones();
    return fn.apply(this, args);
  };
}
// (password, salt, id, iter, n, md) and (p, s, c, dkLen, md): where forge's pkcs12.js and pbe.js call them.
forge.pkcs12.generateKey = vigilar(forge.pkcs12.generateKey, 3);
forge.pbe.generatePkcs12Key = vigilar(forge.pbe.generatePkcs12Key, 3);
forge.pkcs5.pbkdf2 = vigilar(forge.pkcs5.pbkdf2, 2);

let almacen;
try {
  const der = forge.util.createBuffer(Buffer.from(p12).toString('binary'));
  almacen = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), false, clave);
} catch (err) {
  parentPort.postMessage({ ok: false, motivo: err instanceof DemasiadasIteraciones ? 'iteraciones' : 'clave' });
}
if (almacen) {
  // The same as p12.ts `contenidoDe`: RSA keys as PKCS#1 PEM, certificates as PEM.
  const bolsas = (tipo) => almacen.getBags({ bagType: tipo })[tipo] ?? [];
  const llaves = [...bolsas(forge.pki.oids.pkcs8ShroudedKeyBag), ...bolsas(forge.pki.oids.keyBag)]
    .filter((b) => b.key && b.key.n)
    .map((b) => forge.pki.privateKeyToPem(b.key));
  const certificados = bolsas(forge.pki.oids.certBag)
    .filter((b) => b.cert)
    .map((b) => forge.pki.certificateToPem(b.cert));
  parentPort.postMessage({ ok: true, llaves, certificados });
}
