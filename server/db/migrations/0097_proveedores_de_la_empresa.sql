-- Suppliers shared by the empresa (issue #56 point 2, ADR 064): a supplier is defined once and every
-- store of its empresa orders from it, receives its goods and names it on a documento soporte.
-- `tienda_id` stays as the store where the supplier was created; `empresa_id` is filled from that
-- store's empresa (every store is an empresa of one unless Sucursales opened branches, so nothing
-- visible changes for a lone shop). New rows written without it get it from the trigger
-- proveedor_empresa (server/db/triggers/proveedor.sql).
ALTER TABLE "proveedor" ADD COLUMN "empresa_id" integer;
--> statement-breakpoint
UPDATE "proveedor" p SET "empresa_id" = t."empresa_id" FROM "tienda" t WHERE t."id_tienda" = p."tienda_id";
--> statement-breakpoint
ALTER TABLE "proveedor" ALTER COLUMN "empresa_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "proveedor" ADD CONSTRAINT "proveedor_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresa"("id_empresa") ON DELETE cascade;
--> statement-breakpoint
-- Two suppliers of one empresa with one documento (the NIT's number, with or without its check digit),
-- typed twice in one store or once in each of two stores, are kept, flagged: the documento becomes
-- unique per empresa for every other row, and the owner corrects or archives one of the pair.
ALTER TABLE "proveedor" ADD COLUMN "documento_repetido" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "proveedor" p SET "documento_repetido" = true
  WHERE p."documento" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "proveedor" o
    WHERE o."empresa_id" = p."empresa_id" AND o."id_proveedor" <> p."id_proveedor"
      AND o."documento" IS NOT NULL AND split_part(o."documento", '-', 1) = split_part(p."documento", '-', 1));
--> statement-breakpoint
CREATE UNIQUE INDEX "proveedor_empresa_documento_uq" ON "proveedor" USING btree ("empresa_id", split_part("documento", '-', 1)) WHERE "documento" IS NOT NULL AND NOT "documento_repetido";
--> statement-breakpoint
CREATE INDEX "proveedor_empresa_nombre_idx" ON "proveedor" USING btree ("empresa_id", "nombre");
