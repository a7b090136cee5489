-- Merging two suppliers of one empresa that share a NIT or cédula (issue #56, ADR 072): migration 0097
-- kept both, flagged `documento_repetido`; the owner or a store's administrator now merges them. The
-- merged supplier stays (its received purchases, deliveries and documentos soporte name it), archived,
-- naming the survivor.
ALTER TABLE "proveedor" ADD COLUMN "unido_a" integer REFERENCES "proveedor"("id_proveedor") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "proveedor" ADD CONSTRAINT "proveedor_unido_a_otro" CHECK ("unido_a" IS NULL OR ("unido_a" <> "id_proveedor" AND NOT "activo"));
--> statement-breakpoint
-- A merged supplier no longer holds its documento: the survivor is the empresa's one supplier with it.
DROP INDEX IF EXISTS "proveedor_empresa_documento_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "proveedor_empresa_documento_uq" ON "proveedor" USING btree ("empresa_id", split_part("documento", '-', 1)) WHERE "documento" IS NOT NULL AND NOT "documento_repetido" AND "unido_a" IS NULL;
