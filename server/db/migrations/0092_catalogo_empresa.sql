-- Hand-written (issue #56 point 2, ADR 043 §2 and its addendum "central catalogue"): each product row of a
-- store gets its catalogue identity, `catalogo_id`, shared by the same product in every store of an
-- empresa, and `precio_propio` (true: the store set its own price, which a central price change leaves
-- alone). A product written without a catalogo_id is its own entry (trigger producto_catalogo: the
-- catalogo_id is its id), so every one-store shop stays as it was, row for row.
ALTER TABLE "producto" ADD COLUMN "catalogo_id" integer;
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "precio_propio" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "producto" SET "catalogo_id" = "id_producto";
--> statement-breakpoint
-- The stores of an empresa with more than one (opened from Sucursales, which copied the current store's
-- catalogue, ADR 049): each store, in id order, links its products to those of the empresa's earlier
-- stores, the way they were matched or copied: a transfer line that paired them (ADR 056), else the same
-- barcode, else the same name (trimmed, lower case, without accents: a Sucursales copy keeps both). Among
-- several, the best kind of match, an active product, the oldest; one product of a store per entry, the
-- rest stay entries of their own.
DO $$
DECLARE s record;
BEGIN
  FOR s IN
    SELECT t.id_tienda, t.empresa_id FROM tienda t
    WHERE EXISTS (SELECT 1 FROM tienda o WHERE o.empresa_id = t.empresa_id AND o.id_tienda < t.id_tienda)
    ORDER BY t.id_tienda
  LOOP
    WITH cand AS (
      SELECT p.id_producto AS pid, q.catalogo_id AS cid, q.estado, q.id_producto AS qid,
        CASE
          WHEN EXISTS (SELECT 1 FROM traslado_linea l
                       WHERE (l.producto_origen_id = p.id_producto AND l.producto_destino_id = q.id_producto)
                          OR (l.producto_origen_id = q.id_producto AND l.producto_destino_id = p.id_producto)) THEN 0
          WHEN p.codigo_barras IS NOT NULL AND p.codigo_barras = q.codigo_barras THEN 1
          ELSE 2
        END AS rango
      FROM producto p
      JOIN producto q ON q.tienda_id IN (SELECT o.id_tienda FROM tienda o WHERE o.empresa_id = s.empresa_id AND o.id_tienda < s.id_tienda)
      WHERE p.tienda_id = s.id_tienda
        AND ((p.codigo_barras IS NOT NULL AND p.codigo_barras = q.codigo_barras)
          OR sin_tildes(lower(trim(p.nombre))) = sin_tildes(lower(trim(q.nombre)))
          OR EXISTS (SELECT 1 FROM traslado_linea l
                     WHERE (l.producto_origen_id = p.id_producto AND l.producto_destino_id = q.id_producto)
                        OR (l.producto_origen_id = q.id_producto AND l.producto_destino_id = p.id_producto)))
    ),
    mejor AS (SELECT DISTINCT ON (pid) pid, cid, rango, estado, qid FROM cand ORDER BY pid, rango, estado DESC, qid),
    uno AS (SELECT DISTINCT ON (cid) pid, cid FROM mejor ORDER BY cid, rango, pid)
    UPDATE producto p SET catalogo_id = uno.cid FROM uno WHERE p.id_producto = uno.pid;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "producto" ALTER COLUMN "catalogo_id" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "producto_tienda_catalogo_uq" ON "producto" USING btree ("tienda_id", "catalogo_id");
--> statement-breakpoint
CREATE INDEX "producto_catalogo_idx" ON "producto" USING btree ("catalogo_id");
