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
  consultaMuyLarga: 'La consulta tardó demasiado y se detuvo para no frenar a los demás. No se guardó nada: pruebe con un periodo más corto o inténtelo más tarde.',
  /** The machine's disk is full (PostgreSQL's disk_full, or the embedded database's ENOSPC). */
  discoLleno:
    'El disco del equipo está lleno: no se guardó nada. Libere espacio en el equipo (o avise a quien lo administra) e inténtelo de nuevo.',
  /** A write sent again with its Idempotency-Key (issue #50 point 1). */
  claveEnCurso:
    'Esta operación ya se está registrando (llegó dos veces). Espere unos segundos y revise antes de repetirla: no se registró dos veces.',
  claveOtraOperacion: 'Esta clave de operación ya se usó para otra operación. Vuelva a intentarlo desde el formulario.',
  claveInvalida: 'La clave de la operación (Idempotency-Key) debe tener de 8 a 128 letras, números, guiones o puntos.',
  cerrando: 'El servidor se está reiniciando. Inténtelo de nuevo en unos segundos.',
  respaldoEscrito: (archivo: string) => `Respaldo escrito: ${archivo}`,
  /** Restoring a backup (issue #50): every refusal happens before any row is touched, and says so. */
  respaldo: {
    intacto: 'Los datos actuales no se tocaron.',
    vacio: (archivo: string) => `El archivo ${archivo} está vacío: no es un respaldo.`,
    noEsRespaldo: 'El archivo no es un respaldo de ADAX Store Manager.',
    danado: (detalle: string) => `El respaldo está dañado (${detalle}). Use otro respaldo.`,
    incompleto: 'El respaldo está incompleto: el archivo se cortó antes del final (¿se copió a medias o se llenó el disco?). Use otro respaldo.',
    sumaDistinta: 'el contenido no coincide con su suma de verificación',
    formatoNuevo: (version: number) =>
      `El respaldo tiene un formato más nuevo (versión ${version}) que el de esta versión del programa: actualice ADAX Store Manager antes de restaurarlo.`,
    otroEsquema: (respaldo: number, base: number) => `El respaldo es de otra versión del esquema (${respaldo} migraciones; esta base tiene ${base}).`,
    faltanTablas: (tablas: string) => `Al respaldo le faltan tablas que esta base tiene: ${tablas}.`,
    tablasDeMas: (tablas: string) => `El respaldo trae tablas que esta base no tiene: ${tablas}.`,
    conteoDistinto: (tabla: string, cargadas: number, esperadas: number) =>
      `La tabla ${tabla} quedó con ${cargadas} filas y el respaldo dice ${esperadas}: la restauración se deshizo.`,
  },
} as const;
