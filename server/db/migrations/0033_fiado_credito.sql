ALTER TABLE "cliente" ADD COLUMN "plazo_fiado" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "venta" ADD COLUMN "fiado_vence" date;--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_plazo_fiado_rango" CHECK ("cliente"."plazo_fiado" between 1 and 365);