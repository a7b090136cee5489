-- Sin ventas (issue #55 point 2, ADR 046 addendum): the store's products on sale in the list's order
-- (stock × price, highest first, then name and id: the index read backwards), so the page is the first
-- ~600 entries and not a sort of the catalogue; stock and price ride in the index so the unsold
-- catalogue's count and value read the index alone (an index-only scan) instead of every product row.
CREATE INDEX IF NOT EXISTS "producto_sin_ventas_idx" ON "producto" USING btree ("tienda_id", ("stock" * "precio_unit"), "nombre" DESC, "id_producto" DESC, "stock", "precio_unit") WHERE "producto"."estado" = 1;
