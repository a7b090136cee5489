/** Spanish texts of the movimientos area (spec quotes word for word). */
export const movimientos = {} as const;
