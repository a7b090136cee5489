-- Hand-written (issue #57 point 3, ADR 055): the documento soporte en adquisiciones a no obligados a
-- facturar (type 05) and its adjustment note (type 95). A supplier who does not invoice carries what the
-- document names of it (its ID type and its DANE municipality, beside the document, address and name it
-- already had); the store's DS range is a range of kind 'soporte' with its technical key (sealed like an
-- invoice range's), at most one in use per store; a DIAN document may belong to a reception.
ALTER TABLE "proveedor" ADD COLUMN "tipo_identificacion" text;
--> statement-breakpoint
ALTER TABLE "proveedor" ADD COLUMN "municipio" text;
--> statement-breakpoint
ALTER TABLE "proveedor" ADD CONSTRAINT "proveedor_tipo_identificacion_valido" CHECK ("tipo_identificacion" IS NULL OR "tipo_identificacion" IN ('CC', 'CE', 'NIT', 'PA', 'TI', 'PEP', 'PPT', 'NITE'));
--> statement-breakpoint
ALTER TABLE "proveedor" ADD CONSTRAINT "proveedor_municipio_valido" CHECK ("municipio" IS NULL OR "municipio" ~ '^[0-9]{5}$');
--> statement-breakpoint
ALTER TABLE "rango_numeracion" DROP CONSTRAINT "rango_tipo_valido";
--> statement-breakpoint
ALTER TABLE "rango_numeracion" ADD CONSTRAINT "rango_tipo_valido" CHECK ("tipo" IN ('pos', 'factura', 'soporte'));
--> statement-breakpoint
ALTER TABLE "rango_numeracion" DROP CONSTRAINT "rango_factura_con_clave";
--> statement-breakpoint
ALTER TABLE "rango_numeracion" ADD CONSTRAINT "rango_factura_con_clave" CHECK (("tipo" IN ('factura', 'soporte')) = ("clave_tecnica" IS NOT NULL) AND coalesce(length("clave_tecnica"), 0) <= 1000);
--> statement-breakpoint
CREATE UNIQUE INDEX "rango_soporte_en_uso_uq" ON "rango_numeracion" USING btree ("tienda_id") WHERE "tipo" = 'soporte' AND "en_uso";
--> statement-breakpoint
ALTER TABLE "documento_dian" ADD COLUMN "recepcion_id" integer REFERENCES "recepcion"("id_recepcion") ON DELETE set null;
--> statement-breakpoint
CREATE UNIQUE INDEX "documento_dian_soporte_uq" ON "documento_dian" USING btree ("recepcion_id") WHERE "tipo" = '05';
--> statement-breakpoint
CREATE INDEX "documento_dian_recepcion_idx" ON "documento_dian" USING btree ("recepcion_id");
