ALTER TABLE "proveedor" ADD COLUMN "documento" text;--> statement-breakpoint
ALTER TABLE "proveedor" ADD COLUMN "direccion" text;--> statement-breakpoint
ALTER TABLE "proveedor" ADD COLUMN "obligado_facturar" boolean DEFAULT true NOT NULL;