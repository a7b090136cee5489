/** Spanish texts of the proveedores area (spec quotes word for word). */
export const proveedores = {} as const;
