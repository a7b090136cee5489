import path from 'node:path';
import { M, PRODUCT_NAME } from '#shared/messages';
import { backupFileName, writeBackup } from './db/backup';
import { bootstrap } from './bootstrap';
import { DEMO } from './db/demo';
import { scheduleBackups, type BackupSchedule } from './db/backup-schedule';
import { programarMantenimiento, type Mantenimiento } from './db/mantenimiento';
import { durationMs, loadEnv } from './env';
import { carpetaTls, escucharHttps, type Https } from './modules/red-local/https';

async function main() {
  const env = loadEnv();
  const { app, database } = await bootstrap(env);

  let closing = false;
  // Backups under way: `npm run backup`'s (SIGUSR2) and the schedule's, stopped first on shutdown.
  const manuales = new Set<AbortController>();
  let programados: BackupSchedule | undefined;
  // The embedded database's upkeep (ADR 083), stopped before the database closes.
  let mantenimiento: Mantenimiento | undefined;
  const detenerRespaldos = () => {
    programados?.stop();
    void mantenimiento?.stop();
    for (const c of manuales) c.abort(new Error('el servidor se está cerrando'));
  };
  // The HTTPS listener for the shop's phones, once started (closed before the app on shutdown).
  const escuchas: { https?: Https } = {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando el servidor');
    // Graceful (issue #37 point 3): `ready` answers 503 from now on; app.close() stops accepting,
    // answers 503 to requests that arrive on open connections, and waits for those in flight (a
    // checkout completes or rolls back whole, in the database); then the database closes cleanly.
    app.draining = true;
    // A backup under way holds the embedded database's one connection for up to minutes on a big shop:
    // it stops between two batches (its partial file goes) so the requests in flight and the close end
    // inside the limit (issue #50 point 5).
    detenerRespaldos();
    const timer = setTimeout(() => {
      app.log.error('el cierre tardó demasiado; saliendo');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await escuchas.https?.close();
      await app.close();
      await mantenimiento?.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // `npm run backup` asks a running server for a consistent dump (the embedded database has one owner:
  // the process named in its folder's lock, server/db/data-dir-lock.ts).
  process.on('SIGUSR2', () => {
    if (closing) return;
    const control = new AbortController();
    manuales.add(control);
    writeBackup(database.db, backupFileName(path.join(env.DATA_DIR, 'backups')), { signal: control.signal })
      .then(({ file, bytes }) => app.log.info({ file, bytes }, 'respaldo escrito'))
      .catch((err) => app.log.error({ err }, control.signal.aborted ? 'respaldo detenido por el cierre del servidor' : 'no se pudo escribir el respaldo'))
      .finally(() => manuales.delete(control));
  });

  // Backups on a schedule (issue #37 point 4), for the embedded database; PostgreSQL has its own (docs/deploy.md).
  if (database.kind === 'pglite' && env.BACKUP_EVERY !== 'off') {
    programados = scheduleBackups({
      dataDir: env.DATA_DIR,
      everyMs: durationMs(env.BACKUP_EVERY),
      hora: env.BACKUP_HORA,
      keepDays: env.BACKUP_KEEP_DAYS,
      backup: (file, signal) => writeBackup(database.db, file, { signal }),
      log: app.log,
    });
  }

  const address = await app.listen({ host: env.HOST, port: env.PORT });
  // PGlite runs no autovacuum: the server analyzes the tables that grew, between requests (ADR 083).
  if (database.kind === 'pglite' && env.MANTENIMIENTO_CADA !== 'off') {
    mantenimiento = programarMantenimiento({ db: database.db, cadaMs: durationMs(env.MANTENIMIENTO_CADA), ultimaPeticion: () => app.ultimaPeticion, log: app.log });
  }
  const url = address.replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  database.lock?.setUrl(url);
  // HTTPS for the shop's phones (issue #34, ADR 021), closed before the app on shutdown.
  const seguro = await escucharHttps(app, env);
  escuchas.https = seguro;
  const lines = [
    '',
    `  ${PRODUCT_NAME} está listo en ${url}`,
    `  Base de datos: ${database.kind === 'pglite' ? `embebida (${env.DATA_DIR})` : 'PostgreSQL'}`,
  ];
  if (seguro) {
    lines.push(`  ${M.redLocal.listoHttps(seguro.url)}`);
    if (seguro.certificados.ca) lines.push(`  ${M.redLocal.autoridadEn(path.join(carpetaTls(env), 'ca.pem'))}`);
  }
  if (env.DEMO_DATA) {
    lines.push(
      '',
      '  Cuentas de demostración (contraseña Demo2024). En "Iniciar sesión" elija arriba el tipo de cuenta:',
      `    "Tienda"    ${DEMO.tienda.email}     la cuenta del dueño (rol 1)`,
      `    "Empleado"  ${DEMO.admin.email}      Administrador (rol 1)`,
      `    "Empleado"  ${DEMO.empleado.email}   Empleado (rol 2)`,
      `    "Empleado"  ${DEMO.encargado.email}  Encargado (rol 3)`,
      '  Roles: 1 administra todo, también el área de administración (CRUD) y los descuentos;',
      '         2 vende y gestiona productos, clientes y proveedores de su tienda; da descuentos con el PIN de un supervisor;',
      '         3 como 2, da descuentos sin PIN (fija el suyo en Inicio → Mi PIN) y ve el código de invitación,',
      '           pero no elimina ni gestiona proveedores.',
      `  Código de invitación de la tienda (para registrar empleados): ${DEMO.tienda.codigo}`,
    );
    if (!['info', 'debug', 'trace'].includes(env.LOG_LEVEL)) lines.push('  El registro solo muestra avisos y errores (LOG_LEVEL=info para ver cada petición).');
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
