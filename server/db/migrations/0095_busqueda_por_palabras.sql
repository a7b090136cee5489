-- The till's search bounded by the page (issue #55 point 6, ADR 062). Each product on sale has one row
-- per accent-folded word of its name and per pair of neighbouring words (`palabras_de`), with the
-- till's order (lower(nombre), id) in the key: a fragment is the words that contain it, each a range
-- of the index already in the list's order, merged and cut at the page. `producto_vocablo` keeps
-- every word a store's names have had, so the words containing a fragment are found through its
-- trigram index without reading the products. Both are kept by the triggers on producto
-- (server/db/triggers/producto.sql) and filled for the existing products after the function files.
CREATE TABLE IF NOT EXISTS "producto_palabra" (
	"tienda_id" integer NOT NULL,
	"palabra" text NOT NULL,
	"orden" text NOT NULL,
	"producto_id" integer NOT NULL,
	CONSTRAINT "producto_palabra_pkey" PRIMARY KEY ("tienda_id", "palabra", "orden", "producto_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "producto_vocablo" (
	"tienda_id" integer NOT NULL REFERENCES "tienda" ("id_tienda") ON DELETE CASCADE,
	"palabra" text NOT NULL,
	CONSTRAINT "producto_vocablo_pkey" PRIMARY KEY ("tienda_id", "palabra")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "producto_vocablo_trgm_idx" ON "producto_vocablo" USING gin ("palabra" gin_trgm_ops);
--> statement-breakpoint
INSERT INTO drizzle.fuente_despues (sentencia) VALUES ('SELECT producto_palabras_llenar()');
