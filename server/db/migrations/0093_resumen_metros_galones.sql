-- Hand-written (issue #58 point 3): the per-day sales summary keeps metres (centimetres as metres),
-- square metres and gallons apart, as it keeps units, kilos and litres (0058): a ferretería's metres
-- sold were in no day's total. The existing rows are rebuilt with the new functions, after the files.
ALTER TABLE "resumen_venta_dia" ADD COLUMN "metros" numeric(15, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumen_venta_dia" ADD COLUMN "metros_cuadrados" numeric(15, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumen_venta_dia" ADD COLUMN "galones" numeric(15, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO drizzle.fuente_despues (sentencia) VALUES ('SELECT resumen_bloquear(id_tienda), resumen_venta_dia_reconstruir(id_tienda) FROM tienda');
