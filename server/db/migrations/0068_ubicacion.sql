-- Where a product sits in the shop (issue #58 point 1): "Pasillo 3, estante B", up to 40 characters, and
-- a physical count of one aisle (conteo.alcance 'ubicacion', compared without case or outer spaces).
ALTER TABLE "producto" ADD COLUMN "ubicacion" text;
--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_ubicacion_acotada" CHECK ("ubicacion" IS NULL OR length("ubicacion") <= 40);
--> statement-breakpoint
ALTER TABLE "conteo" ADD COLUMN "ubicacion" text;
--> statement-breakpoint
ALTER TABLE "conteo" DROP CONSTRAINT "conteo_alcance_valido";
--> statement-breakpoint
ALTER TABLE "conteo" ADD CONSTRAINT "conteo_alcance_valido" CHECK ("alcance" IN ('tienda', 'categoria', 'proveedor', 'ubicacion'));
--> statement-breakpoint
ALTER TABLE "conteo" ADD CONSTRAINT "conteo_ubicacion_del_alcance" CHECK (("alcance" = 'ubicacion') = ("ubicacion" IS NOT NULL) AND coalesce(length("ubicacion"), 0) <= 40);
