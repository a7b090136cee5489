ALTER TABLE "permiso_rol" ADD COLUMN "ventas_de_otros" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dispositivo_venta" ADD COLUMN "version_descargada" bigint;--> statement-breakpoint
-- Hand-written (issue #51 point 8): a NEW store's Empleado sees only its own sales in Gestionar
-- facturas. Rows already written keep seeing every sale (the column's default above); existing stores
-- whose role-2-like roles still take the defaults (no row) get a row with today's defaults written out
-- and every sale visible, so the new default changes no existing store.
INSERT INTO "permiso_rol" ("tienda_id", "rol_id", "precios", "stock", "productos", "eliminar_productos", "eliminar_clientes_proveedores", "credito", "anular", "caja_sobre_umbral", "reportes", "vender_sin_stock", "devolver", "ventas_de_otros")
SELECT t."id_tienda", r."id_rol", false, false, true, false, false, false, true, false, false, false, false, true
FROM "tienda" t CROSS JOIN "rol" r
WHERE r."id_rol" NOT IN (1, 3)
ON CONFLICT ("tienda_id", "rol_id") DO NOTHING;
