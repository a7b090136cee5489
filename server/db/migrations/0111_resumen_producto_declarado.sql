-- The sales-per-product counts (venta_producto_resumen, migration 0002) declared with the other summaries
-- of sales (issue #54 point 2, ADR 075): the generated trigger functions on venta and factura
-- (resumen_dia_venta, factura_resumen_dia: per statement, in server/db/functions/) keep them now, and
-- resumen_dia_reconstruir rebuilds them. The hand-written row triggers and their functions go here; the
-- figures do not change (same rows, same rule: a line's units, factor × packs, while its sale is not annulled).
DROP TRIGGER IF EXISTS "factura_resumen" ON "factura";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "venta_resumen_borrado" ON "venta";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "venta_resumen_estado" ON "venta";
--> statement-breakpoint
DROP FUNCTION IF EXISTS resumen_factura();
--> statement-breakpoint
DROP FUNCTION IF EXISTS resumen_venta();
--> statement-breakpoint
DROP FUNCTION IF EXISTS resumen_sumar(integer, integer, numeric);
