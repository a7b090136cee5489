/** Spanish texts of the back-office (CRUD area). */
export const crud = {} as const;
