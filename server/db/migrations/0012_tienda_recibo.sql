ALTER TABLE "tienda" ADD COLUMN "nit" text;--> statement-breakpoint
ALTER TABLE "tienda" ADD COLUMN "ancho_papel" text DEFAULT '80' NOT NULL;--> statement-breakpoint
ALTER TABLE "tienda" ADD COLUMN "pie_recibo" text;