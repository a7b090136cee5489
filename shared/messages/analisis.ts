/** Spanish texts of the analisis area (spec quotes word for word). */
export const analisis = {} as const;
