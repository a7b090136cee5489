ALTER TABLE "tienda" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "tienda" ADD COLUMN "pin_fallos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tienda" ADD COLUMN "pin_bloqueado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "autorizado_por_tienda" boolean DEFAULT false NOT NULL;