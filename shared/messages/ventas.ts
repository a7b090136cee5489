/** Spanish texts of the ventas area (spec quotes word for word). */
export const ventas = {} as const;
