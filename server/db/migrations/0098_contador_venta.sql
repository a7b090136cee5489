-- Hand-written (issue #55 point 3, ADR 057): the checkout inserts its sale with the placeholder number
-- -id_venta and numbers it last in the same call (venta_tomar_numero), so the check on the number lets
-- that one value through besides a positive number. The store's last sale number moves from its row
-- to a table of its own that nothing references: a sale holds its foreign keys' shares on the store's
-- row while it waits for the number, and a settings change that locks that row would then wait for
-- the sale while the sale waited behind it for the counter.
ALTER TABLE "venta" DROP CONSTRAINT "venta_numero_positivo";
--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_numero_positivo" CHECK ("venta"."numero" > 0 OR "venta"."numero" = -"venta"."id_venta");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "venta_contador" (
	"tienda_id" integer PRIMARY KEY NOT NULL REFERENCES "tienda" ("id_tienda") ON DELETE CASCADE,
	"ultimo_numero" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "venta_contador" ("tienda_id", "ultimo_numero")
SELECT "id_tienda", "ultimo_numero_venta" FROM "tienda" WHERE "ultimo_numero_venta" > 0
ON CONFLICT ("tienda_id") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "tienda" DROP COLUMN "ultimo_numero_venta";
