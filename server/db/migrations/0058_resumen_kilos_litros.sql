-- Hand-written (issue #52): the per-day sales summary keeps units, kilos and litres apart. `unidades`
-- now counts only lines sold by unit (a pack's units counted); `kilos` the lines sold by kilogram or gram,
-- `litros` by litre or millilitre (cantidad_en). Until now a weighed line's kilos were added to the units
-- in *Resumen de ventas*. The existing rows are rebuilt with the new functions, after the files.
ALTER TABLE "resumen_venta_dia" ADD COLUMN "kilos" numeric(15, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumen_venta_dia" ADD COLUMN "litros" numeric(15, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO drizzle.fuente_despues (sentencia) VALUES ('SELECT resumen_bloquear(id_tienda), resumen_venta_dia_reconstruir(id_tienda) FROM tienda');
