/**
 * The most products a count's search answers, on the server and on the device offline
 * (web/features/sin-red/conteo-local.ts). Here, not in schemas/conteo.ts, so that the offline
 * machinery every signed-in screen loads does not bring zod with it (issue #55 point 4).
 */
export const MAX_RESULTADOS_CONTEO = 20;
