import path from 'node:path';
import { M, PRODUCT_NAME } from '#shared/messages';
import { backupFileName, writeBackup } from './db/backup';
import { bootstrap } from './bootstrap';
import { DEMO } from './db/demo';
import { scheduleBackups } from './db/backup-schedule';
import { durationMs, loadEnv } from './env';
import { carpetaTls, escucharHttps, type Https } from './modules/red-local/https';

async function main() {
  const env = loadEnv();
  const { app, database } = await bootstrap(env);

  let closing = false;
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
    const timer = setTimeout(() => {
      app.log.error('el cierre tardó demasiado; saliendo');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await escuchas.https?.close();
      await app.close();
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
    writeBackup(database.db, backupFileName(path.join(env.DATA_DIR, 'backups')))
      .then(({ file, bytes }) => app.log.info({ file, bytes }, 'respaldo escrito'))
      .catch((err) => app.log.error({ err }, 'no se pudo escribir el respaldo'));
  });

  // Backups on a schedule (issue #37 point 4), for the embedded database; PostgreSQL has its own (docs/deploy.md).
  if (database.kind === 'pglite' && env.BACKUP_EVERY !== 'off') {
    const schedule = scheduleBackups({
      dataDir: env.DATA_DIR,
      everyMs: durationMs(env.BACKUP_EVERY),
      keepDays: env.BACKUP_KEEP_DAYS,
      backup: (file) => writeBackup(database.db, file),
      log: app.log,
    });
    app.addHook('onClose', async () => schedule.stop());
  }

  const address = await app.listen({ host: env.HOST, port: env.PORT });
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
