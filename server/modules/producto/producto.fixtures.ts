/**
 * A product's optional data as a product created without it has it (no description, category,
 * presentation, place, expiry, lots, INVIMA record, active ingredient nor prescription): what the
 * tests that read a whole new product expect, spread into their expected object.
 */
export const SIN_DATOS_OPCIONALES = {
  descripcion: null,
  categoria: null,
  presentacion: null,
  ubicacion: null,
  fechaVencimiento: null,
  manejaLotes: false,
  registroInvima: null,
  principioActivo: null,
  bajoFormula: false,
} as const;
