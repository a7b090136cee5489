import { clientes } from './messages/clientes';
import { DOC_MAYOR_DE_EDAD, DOC_SOLO_NUMEROS, TIPOS_DOC_CLIENTE } from './roles';

// No zod here: the till's payment page checks a new customer's documento with these alone.
const M = { clientes };

/**
 * A documento against its type (issue #36 point 12), or null when it fits: a cédula de ciudadanía,
 * tarjeta de identidad or registro civil is numbers only; a cédula de extranjería or a passport may
 * carry letters. The client domain (cliente.domain.ts) checks it on every face; the forms check it first.
 */
export function errorDocumentoPorTipo(tipoDocumento: string, documento: string): string | null {
  if (!DOC_SOLO_NUMEROS.includes(tipoDocumento) || /^[0-9]+$/.test(documento)) return null;
  const nombre = TIPOS_DOC_CLIENTE.find((t) => t.value === tipoDocumento)?.label ?? tipoDocumento;
  return M.clientes.documentoSoloNumeros(nombre);
}

/** Fiado only for an adult's document (issue #36 point 10), or null when allowed. */
export const errorFiadoPorTipo = (tipoDocumento: string, fiado: boolean | undefined): string | null =>
  fiado && !DOC_MAYOR_DE_EDAD.includes(tipoDocumento) ? M.clientes.fiadoSoloMayores : null;

