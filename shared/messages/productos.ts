/** Spanish texts of the productos area (spec quotes word for word). */
export const productos = {} as const;
