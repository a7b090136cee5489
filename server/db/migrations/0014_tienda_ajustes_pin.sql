ALTER TABLE "tienda" ADD COLUMN "codigo_expira" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tienda" ADD COLUMN "aprobar_empleados" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tienda" ADD COLUMN "zona_horaria" text DEFAULT 'America/Bogota' NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "aprobado" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "pin_hash" text;