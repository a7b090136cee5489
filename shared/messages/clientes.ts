/** Spanish texts of the clientes area (spec quotes word for word). */
export const clientes = {} as const;
