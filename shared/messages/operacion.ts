/**
 * What the server and its scripts say to whoever runs them (issue #37): the data folder's lock, a
 * database that cannot be opened or reached, readiness, backups.
 */
export const operacion = {
  /** A second process on the same embedded data folder (two processes there lose a shop's data). */
  carpetaEnUso: (o: { carpeta: string; quien: string; pid: number; url?: string; desde: string }) =>
    `La carpeta de datos ${o.carpeta} ya está abierta por otro proceso (${o.quien}, pid ${o.pid}` +
    `${o.url ? `, en ${o.url}` : ''}, desde ${o.desde}). Dos procesos sobre la misma carpeta pierden datos: ` +
    `${o.url ? `abra ${o.url} en el navegador, o ` : ''}detenga ese proceso antes de iniciar otro.`,
  carpetaEnUsoSinDueno: (carpeta: string) =>
    `La carpeta de datos ${carpeta} está bloqueada por un proceso que está arrancando o que no respondió. ` +
    'Espere unos segundos e inténtelo de nuevo; si ningún proceso del servidor está en marcha, el bloqueo se libera solo.',
  quienServidor: 'el servidor',
  quienScript: (script: string) => `el comando ${script}`,
  bloqueoPerdido:
    'Otro proceso tomó la carpeta de datos mientras este servidor la usaba: el servidor se detiene para no perder datos.',
  /** The embedded database could not be opened at start. */
  baseNoAbre: (o: { carpeta: string; detalle: string; respaldo?: string }) =>
    `No se pudo abrir la base de datos embebida en ${o.carpeta} (${o.detalle}).\n` +
    (o.respaldo
      ? `  El respaldo más reciente es ${o.respaldo}. Para recuperar los datos desde él:\n    npm run restore -- "${o.respaldo}"`
      : '  No hay respaldos en la carpeta de datos. Si tiene una copia de la carpeta, restáurela; o mueva la carpeta a otro lugar para empezar de cero.'),
  /** PostgreSQL unreachable (a restart, a failover, maintenance): the request changed nothing. */
  baseNoDisponible: 'La base de datos no está disponible en este momento. No se guardó nada: inténtelo de nuevo en unos segundos.',
  cerrando: 'El servidor se está reiniciando. Inténtelo de nuevo en unos segundos.',
  respaldoEscrito: (archivo: string) => `Respaldo escrito: ${archivo}`,
} as const;
