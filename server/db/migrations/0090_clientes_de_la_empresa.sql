-- Customers shared by the empresa (issue #56 point 2, ADR 043 step "customers shared"): a customer
-- and its one fiado balance belong to the empresa, so every store of it finds and sells to the same
-- person. `tienda_id` stays as the store where the customer was created; `empresa_id` is filled from
-- that store's empresa (every store is an empresa of one today, so nothing visible changes). New rows
-- written without it get it from the trigger cliente_empresa (server/db/triggers/cliente.sql).
ALTER TABLE "cliente" ADD COLUMN "empresa_id" integer;
--> statement-breakpoint
UPDATE "cliente" c SET "empresa_id" = t."empresa_id" FROM "tienda" t WHERE t."id_tienda" = c."tienda_id";
--> statement-breakpoint
ALTER TABLE "cliente" ALTER COLUMN "empresa_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresa"("id_empresa") ON DELETE cascade;
--> statement-breakpoint
-- Two stores of one empresa that already had one documento as two customers keep both, flagged: the
-- documento becomes unique per empresa for every other row, and the owner merges or corrects the pair.
ALTER TABLE "cliente" ADD COLUMN "documento_repetido" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "cliente" c SET "documento_repetido" = true
  WHERE EXISTS (SELECT 1 FROM "cliente" o WHERE o."empresa_id" = c."empresa_id" AND o."documento" = c."documento" AND o."id_cliente" <> c."id_cliente");
--> statement-breakpoint
DROP INDEX IF EXISTS "cliente_tienda_documento_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "cliente_empresa_documento_uq" ON "cliente" USING btree ("empresa_id", "documento") WHERE NOT "documento_repetido";
--> statement-breakpoint
CREATE INDEX "cliente_empresa_documento_idx" ON "cliente" USING btree ("empresa_id", "documento");
--> statement-breakpoint
DROP INDEX IF EXISTS "cliente_tienda_nombre_idx";
--> statement-breakpoint
CREATE INDEX "cliente_empresa_nombre_idx" ON "cliente" USING btree ("empresa_id", "nombre");
--> statement-breakpoint
DROP INDEX IF EXISTS "cliente_tienda_version_idx";
--> statement-breakpoint
CREATE INDEX "cliente_empresa_version_idx" ON "cliente" USING btree ("empresa_id", "version");
--> statement-breakpoint
-- The one balance is read by customer across the empresa's stores (the index by store stays for the
-- store's own lines: the day's abonos, the close).
CREATE INDEX "credito_movimiento_cliente_fecha_idx" ON "credito_movimiento" USING btree ("cliente_id", "fecha");
--> statement-breakpoint
-- The offline till downloads the balances that moved in any store of its empresa.
CREATE INDEX "credito_movimiento_version_global_idx" ON "credito_movimiento" USING btree ("version");
