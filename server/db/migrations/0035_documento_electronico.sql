CREATE TABLE "dian_configuracion" (
	"tienda_id" integer PRIMARY KEY NOT NULL,
	"habilitado" boolean DEFAULT false NOT NULL,
	"ambiente" integer DEFAULT 2 NOT NULL,
	"software_id" text,
	"software_pin" text,
	"test_set_id" text,
	"transporte" text DEFAULT 'dian' NOT NULL,
	"proveedor_url" text,
	"proveedor_token" text,
	"certificado_sellado" text,
	"certificado_resumen" jsonb,
	"habilitacion_superada_en" timestamp with time zone,
	"habilitacion_resultado" jsonb,
	"set_pruebas_siguiente" integer DEFAULT 990000001 NOT NULL,
	"nota_siguiente" integer DEFAULT 1 NOT NULL,
	"habilitado_desde" timestamp with time zone,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dian_configuracion_ambiente_valido" CHECK ("dian_configuracion"."ambiente" in (1, 2)),
	CONSTRAINT "dian_configuracion_transporte_valido" CHECK ("dian_configuracion"."transporte" in ('dian', 'proveedor'))
);
--> statement-breakpoint
ALTER TABLE "documento_dian" ADD COLUMN "concepto" integer;--> statement-breakpoint
ALTER TABLE "dian_configuracion" ADD CONSTRAINT "dian_configuracion_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documento_dian_venta_idx" ON "documento_dian" USING btree ("venta_id");