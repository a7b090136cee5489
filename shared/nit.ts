/** DIAN's NIT check digit (weights 3, 7, 13, … 71 from the rightmost digit, sum mod 11): 800197268 → 4. */
const PESOS_DV = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** The check digit of a NIT (digits only; dots and dashes ignored); null when it has no digits or more than 15. */
export function digitoVerificacionNit(nit: string): string | null {
  const digitos = nit.replace(/\D/g, '');
  if (digitos.length === 0 || digitos.length > PESOS_DV.length) return null;
  let suma = 0;
  for (let i = 0; i < digitos.length; i++) suma += Number(digitos[digitos.length - 1 - i]) * PESOS_DV[i]!;
  const r = suma % 11;
  return String(r > 1 ? 11 - r : r);
}
