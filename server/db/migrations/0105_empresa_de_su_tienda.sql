-- One trigger function for a customer's and a supplier's empresa (issue #54: duplicates): the files'
-- empresa_de_su_tienda() (server/db/functions/) replaces cliente_empresa() and proveedor_empresa(), the
-- same text twice. Their triggers go with them here and are made again from server/db/triggers/ by
-- migrate(), which runs every source file after a numbered migration.
DROP TRIGGER IF EXISTS "cliente_empresa" ON "cliente";
--> statement-breakpoint
DROP FUNCTION IF EXISTS cliente_empresa();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "proveedor_empresa" ON "proveedor";
--> statement-breakpoint
DROP FUNCTION IF EXISTS proveedor_empresa();
