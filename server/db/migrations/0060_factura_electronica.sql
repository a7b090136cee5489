-- Factura electrónica de venta (issue #57 point 1, ADR 044). A till has, besides its POS range, its own
-- range of invoices (tipo 'factura') whose technical key (ClaveTecnica, the CUFE's key) is kept sealed
-- with the store's custody key, never in clear. A sale invoiced to a buyer keeps the buyer's fiscal data
-- as they were (venta.adquirente), and a customer may remember them (cliente.datos_fiscales).
ALTER TABLE "rango_numeracion" ADD COLUMN "tipo" text NOT NULL DEFAULT 'pos';
--> statement-breakpoint
ALTER TABLE "rango_numeracion" ADD COLUMN "clave_tecnica" text;
--> statement-breakpoint
ALTER TABLE "rango_numeracion" ADD CONSTRAINT "rango_tipo_valido" CHECK ("tipo" IN ('pos', 'factura'));
--> statement-breakpoint
ALTER TABLE "rango_numeracion" ADD CONSTRAINT "rango_factura_con_clave" CHECK (("tipo" = 'factura') = ("clave_tecnica" IS NOT NULL) AND coalesce(length("clave_tecnica"), 0) <= 1000);
--> statement-breakpoint
DROP INDEX "rango_en_uso_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "rango_en_uso_uq" ON "rango_numeracion" ("punto_venta_id", "tipo") WHERE "en_uso";
--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "adquirente" jsonb;
--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_adquirente_acotado" CHECK ("adquirente" IS NULL OR octet_length("adquirente"::text) <= 2000);
--> statement-breakpoint
ALTER TABLE "cliente" ADD COLUMN "datos_fiscales" jsonb;
--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_datos_fiscales_acotados" CHECK ("datos_fiscales" IS NULL OR octet_length("datos_fiscales"::text) <= 2000);
