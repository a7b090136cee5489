/** Spanish texts of the facturas area (spec quotes word for word). */
export const facturas = {} as const;
