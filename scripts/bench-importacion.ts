// npm run bench:importacion [-- --port 4902 --runs 1]
// Issue #33: importing the catalogue's 10 000-row fixture (tests/fixtures/importacion, Excel in Spanish,
// Windows-1252) into a new store on the embedded database must take at most 10 s. Starts the real
// server (source, PGlite in a temporary folder) on loopback, registers a store and its two suppliers,
// then times the preview, the apply (its stream of progress lines until the end) and the same file
// again (nothing to change). Prints a table and writes bench/results/importacion-latest.json.
import { arrancarServidor } from './bench-servidor';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIR, ERRORES_ESPERADOS, FILAS, PROVEEDORES } from './generar-fixture-importacion';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const PORT = opt('port', 4902);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench2024x';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-importacion-'));
const servidor = arrancarServidor({ port: PORT, dataDir });
const server = servidor.proceso;
const stop = servidor.parar;
const waitReady = servidor.listo;

async function call(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${BASE}/api${url}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

/**
 * The server's CPU time so far (user + system, ms), from /proc: on a busy machine the wall time also
 * counts the waits for a core, while the CPU time is what the import itself costs — about the wall
 * time it would take on an idle machine (the embedded database runs in the server's process).
 */
function cpuServidor(): number | null {
  try {
    const campos = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // Fields 14 and 15 of stat (utime, stime), in clock ticks of 10 ms on Linux.
    return (Number(campos[11]) + Number(campos[12])) * 10;
  } catch {
    return null;
  }
}

const ms = async <T>(f: () => Promise<T>) => {
  const t0 = performance.now();
  const c0 = cpuServidor();
  const r = await f();
  const c1 = cpuServidor();
  return { r, ms: Math.round(performance.now() - t0), cpuMs: c0 != null && c1 != null ? c1 - c0 : null };
};

async function main() {
  await waitReady();
  const email = 'importacion@bench.co';
  await call('POST', '/tiendas/registro', { nombreTienda: 'Tienda Importación', email, contrasena: PASSWORD });
  const { token } = JSON.parse(await call('POST', '/sesion/login', { tipo: 'tienda', email, contrasena: PASSWORD })) as { token: string };
  for (const nombre of PROVEEDORES) await call('POST', '/proveedores', { nombre, telefono: '3001234567', email: 'p@bench.co' }, token);
  const archivo = fs.readFileSync(path.join(DIR, 'productos-10000-windows-1252.csv')).toString('base64');

  const vista = await ms(() => call('POST', '/importacion/productos/vista-previa', { archivo }, token));
  const resumen = JSON.parse(vista.r).resumen;
  const aplicar = await ms(() => call('POST', '/importacion/productos/aplicar', { archivo }, token));
  const fin = JSON.parse(aplicar.r.trim().split('\n').at(-1)!);
  if (fin.tipo !== 'fin' || fin.resumen.nuevos !== FILAS - ERRORES_ESPERADOS) throw new Error(`importación incompleta: ${aplicar.r.slice(-300)}`);
  const otraVez = await ms(() => call('POST', '/importacion/productos/aplicar', { archivo }, token));
  const fin2 = JSON.parse(otraVez.r.trim().split('\n').at(-1)!);
  if (fin2.resumen.nuevos !== 0 || fin2.resumen.actualizados !== 0) throw new Error('la segunda importación cambió filas');

  const filas = [
    { medida: 'vista previa (10 000 filas)', ms: vista.ms, cpuServidorMs: vista.cpuMs },
    { medida: 'importar (9 980 productos nuevos)', ms: aplicar.ms, cpuServidorMs: aplicar.cpuMs },
    { medida: 'importar otra vez (nada que cambiar)', ms: otraVez.ms, cpuServidorMs: otraVez.cpuMs },
  ];
  console.table(filas);
  console.log(`resumen de la vista previa: ${JSON.stringify(resumen)}; objetivo: importar ≤ 10 000 ms → ${aplicar.ms <= 10_000 ? 'cumple' : 'NO cumple'} (CPU del servidor: ${aplicar.cpuMs ?? '?'} ms; carga ${os.loadavg()[0]!.toFixed(1)})`);
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/importacion-latest.json', JSON.stringify({ fecha: new Date().toISOString(), cpus: os.cpus().length, carga: os.loadavg(), filas }, null, 2));
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
