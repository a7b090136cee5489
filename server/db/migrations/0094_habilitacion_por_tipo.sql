-- Each DIAN document type a store enables has its own habilitación (issue #57 point 5, ADR 023's
-- addendum of 2026-11-30): its software (id, PIN), its test set's id and the state DIAN gave it. The
-- POS document's stays in dian_configuracion; this table holds the factura electrónica (with its
-- notes) and the documento soporte (with its note).
CREATE TABLE "dian_habilitacion_tipo" (
	"tienda_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"software_id" text,
	"software_pin" text,
	"test_set_id" text,
	"estado" text DEFAULT 'en_pruebas' NOT NULL,
	"resultado" jsonb,
	"habilitado_en" timestamp with time zone,
	"set_siguiente" integer DEFAULT 1 NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dian_habilitacion_tipo_tienda_id_tipo_pk" PRIMARY KEY("tienda_id","tipo"),
	CONSTRAINT "dian_habilitacion_tipo_tipo_valido" CHECK ("dian_habilitacion_tipo"."tipo" in ('factura', 'soporte')),
	CONSTRAINT "dian_habilitacion_tipo_estado_valido" CHECK ("dian_habilitacion_tipo"."estado" in ('en_pruebas', 'habilitado', 'rechazado'))
);
--> statement-breakpoint
ALTER TABLE "dian_habilitacion_tipo" ADD CONSTRAINT "dian_habilitacion_tipo_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A store already issuing a type in producción, with documents DIAN accepted under its software, was
-- enabled for that type by DIAN: it keeps issuing after the upgrade (habilitado, with that software).
INSERT INTO "dian_habilitacion_tipo" ("tienda_id", "tipo", "software_id", "software_pin", "estado", "habilitado_en")
SELECT c."tienda_id", x."tipo", c."software_id", c."software_pin", 'habilitado', now()
FROM "dian_configuracion" c
CROSS JOIN (VALUES ('factura', ARRAY['01', '91', '92']), ('soporte', ARRAY['05', '95'])) AS x("tipo", "codigos")
WHERE EXISTS (
  SELECT 1 FROM "documento_dian" d
  WHERE d."tienda_id" = c."tienda_id" AND d."ambiente" = 1 AND d."estado" = 'aceptado' AND d."tipo" = ANY (x."codigos")
)
ON CONFLICT DO NOTHING;
