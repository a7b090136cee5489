/** Spanish texts of the landing area (spec quotes word for word). */
export const landing = {} as const;
