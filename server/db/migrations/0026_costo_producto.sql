ALTER TABLE "producto" ADD COLUMN "costo" bigint;--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "costo_promedio" bigint;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_costo_rango" CHECK (("costo" IS NULL OR ("costo" >= 0 AND "costo" <= 100000000)) AND ("costo_promedio" IS NULL OR ("costo_promedio" >= 0 AND "costo_promedio" <= 100000000)));
