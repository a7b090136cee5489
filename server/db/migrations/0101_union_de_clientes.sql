-- Merging two customers of one empresa that share a documento (issue #56, ADR 067): migration 0090 kept
-- both, flagged `documento_repetido`; the owner or a store's administrator now merges them. The merged
-- customer stays (its sales, ledgers and history point at it), archived, naming the survivor.
ALTER TABLE "cliente" ADD COLUMN "unido_a" integer REFERENCES "cliente"("id_cliente") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_unido_a_otro" CHECK ("unido_a" IS NULL OR ("unido_a" <> "id_cliente" AND NOT "activo"));
--> statement-breakpoint
-- A merged customer no longer holds its documento: the survivor is the empresa's one customer with it.
DROP INDEX IF EXISTS "cliente_empresa_documento_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "cliente_empresa_documento_uq" ON "cliente" USING btree ("empresa_id", "documento") WHERE NOT "documento_repetido" AND "unido_a" IS NULL;
--> statement-breakpoint
-- The balances move by a pair of movements per store, 'union' (either sign, never zero): the ledgers stay append-only.
ALTER TABLE "credito_movimiento" DROP CONSTRAINT "credito_movimiento_tipo";
--> statement-breakpoint
ALTER TABLE "credito_movimiento" ADD CONSTRAINT "credito_movimiento_tipo" CHECK ("tipo" in ('cargo', 'abono', 'reverso', 'devolucion', 'union'));
--> statement-breakpoint
ALTER TABLE "credito_movimiento" DROP CONSTRAINT "credito_movimiento_signo";
--> statement-breakpoint
ALTER TABLE "credito_movimiento" ADD CONSTRAINT "credito_movimiento_signo" CHECK (("tipo" = 'cargo' and "monto" > 0) or ("tipo" = 'union' and "monto" <> 0) or ("tipo" not in ('cargo', 'union') and "monto" < 0));
--> statement-breakpoint
ALTER TABLE "punto_movimiento" DROP CONSTRAINT "punto_movimiento_tipo";
--> statement-breakpoint
ALTER TABLE "punto_movimiento" ADD CONSTRAINT "punto_movimiento_tipo" CHECK ("tipo" in ('ganado', 'redimido', 'reverso', 'devolucion', 'union'));
