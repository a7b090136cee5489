-- Money caps on every face (issue #15, LIMITES_DINERO in shared/money.ts), held by the database too.
-- NOT VALID: rows written before the caps existed are not re-checked, so the migration runs on any database;
-- every new or changed row is.
ALTER TABLE "producto" ADD CONSTRAINT "producto_precio_maximo" CHECK ("producto"."precio_unit" <= 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_total_maximo" CHECK ("venta"."total" <= 1000000000000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "venta" ADD CONSTRAINT "venta_monto_maximo" CHECK ("venta"."monto_recibido" <= 1000000000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "factura" ADD CONSTRAINT "factura_precio_maximo" CHECK ("factura"."precio" <= 100000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "factura" ADD CONSTRAINT "factura_cantidad_maxima" CHECK ("factura"."cantidad" <= 9999) NOT VALID;