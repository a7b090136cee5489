-- Hand-written (issue #59 point 4, ADR 047): each sale line records the price list that priced it, the
-- list's name at the sale (a list renamed or deleted later keeps its history: the id goes null, the name
-- stays) and the price the line would have had without the list. Written by venta_registrar; lines
-- sold before, and lines written by the back-office and the legacy API, have none (read as "Sin lista"
-- at their own price).
ALTER TABLE "factura" ADD COLUMN "lista_precio_id" integer REFERENCES "lista_precio"("id_lista_precio") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "factura" ADD COLUMN "lista_nombre" text;
--> statement-breakpoint
ALTER TABLE "factura" ADD COLUMN "precio_base" bigint;
--> statement-breakpoint
ALTER TABLE "factura" ADD CONSTRAINT "factura_precio_base_valido" CHECK ("precio_base" is null or ("precio_base" >= 0 and "precio_base" <= 100000000));
--> statement-breakpoint
-- A deleted list sets its lines' id to null through this index instead of reading every line.
CREATE INDEX "factura_lista_precio_idx" ON "factura" USING btree ("lista_precio_id") WHERE "lista_precio_id" IS NOT NULL;
