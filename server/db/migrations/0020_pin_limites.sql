ALTER TABLE "tienda" ALTER COLUMN "aprobar_empleados" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "pin_fallos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "pin_bloqueado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "pin_intentos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "pin_intentos_desde" timestamp with time zone;