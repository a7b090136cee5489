-- Hand-written (issue #58 point 1, ADR 042's addendum): a count line counted offline on a phone carries
-- its key on the device (sent again after a lost answer, counted once) and the moment it was counted,
-- placed on the server's clock by its age on the device's; the system's stock is taken at that moment.
ALTER TABLE "conteo_linea" ADD COLUMN "clave" uuid;
--> statement-breakpoint
ALTER TABLE "conteo_linea" ADD COLUMN "contado_en" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "conteo_linea_clave_uq" ON "conteo_linea" USING btree ("conteo_id","clave") WHERE "clave" IS NOT NULL;
