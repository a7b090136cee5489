import { customType } from 'drizzle-orm/pg-core';

/**
 * A quantity column (issue #33 point 3, ADR 030): numeric(12,3), exact in the database, read as a JS
 * number (5, not "5.000"; 0.375, not "0.375"). Arithmetic on it stays in SQL; JavaScript turns it into
 * integer thousandths with shared/cantidad.ts before adding or multiplying.
 */
export const cantidadColumna = customType<{ data: number; driverData: string | number }>({
  dataType: () => 'numeric(12, 3)',
  fromDriver: (value) => Number(value),
  toDriver: (value) => String(value),
});

/** A sum of quantities (the per-day and per-product summaries): numeric(15,3). */
export const sumaCantidadColumna = customType<{ data: number; driverData: string | number }>({
  dataType: () => 'numeric(15, 3)',
  fromDriver: (value) => Number(value),
  toDriver: (value) => String(value),
});
