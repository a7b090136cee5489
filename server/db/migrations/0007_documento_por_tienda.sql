DROP INDEX "usuario_documento_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_tienda_documento_uq" ON "usuario" USING btree ("tienda_id","documento");