ALTER TABLE "historial_precio" DROP CONSTRAINT "historial_precio_campo";--> statement-breakpoint
ALTER TABLE "historial_precio" ADD COLUMN "detalle" jsonb;--> statement-breakpoint
ALTER TABLE "historial_precio" ADD CONSTRAINT "historial_precio_campo" CHECK ("historial_precio"."campo" in ('precio', 'costo', 'presentacion', 'unidad'));--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "pin_cajero_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "pin_cajero_bloqueos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (issue #51 point 8): a NEW store's Empleado no longer sees costs and reports by
-- default. Existing stores keep what their cashiers could do: every role that took role 2's defaults
-- (no row yet) gets a row with those defaults written out, so the new default changes no existing store.
INSERT INTO "permiso_rol" ("tienda_id", "rol_id", "precios", "stock", "productos", "eliminar_productos", "eliminar_clientes_proveedores", "credito", "anular", "caja_sobre_umbral", "reportes", "vender_sin_stock", "devolver")
SELECT t."id_tienda", r."id_rol", false, false, true, false, false, false, true, false, true, false, false
FROM "tienda" t CROSS JOIN "rol" r
WHERE r."id_rol" NOT IN (1, 3)
ON CONFLICT ("tienda_id", "rol_id") DO NOTHING;