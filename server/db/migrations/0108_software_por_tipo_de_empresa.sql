-- The software of each other DIAN document type (factura 01/91/92, documento soporte 05/95) is the
-- empresa's (ADR 069's addendum): DIAN registers software for the taxpayer, and the empresa is the
-- taxpayer (ADR 059). Each store's dian_habilitacion_tipo keeps its habilitación of the type: state,
-- TestSetId, the set's answers, the set's numbering.
CREATE TABLE "empresa_dian_tipo" (
	"empresa_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"software_id" text,
	"software_pin" text,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_dian_tipo_empresa_id_tipo_pk" PRIMARY KEY("empresa_id","tipo"),
	CONSTRAINT "empresa_dian_tipo_tipo_valido" CHECK ("empresa_dian_tipo"."tipo" in ('factura', 'soporte'))
);
--> statement-breakpoint
ALTER TABLE "empresa_dian_tipo" ADD CONSTRAINT "empresa_dian_tipo_empresa_id_empresa_id_empresa_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id_empresa") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each empresa takes, for each type, the software of its lowest-id store that has one (a complete one,
-- id and PIN, before one with the id alone).
INSERT INTO "empresa_dian_tipo" ("empresa_id", "tipo", "software_id", "software_pin")
SELECT DISTINCT ON (t."empresa_id", h."tipo") t."empresa_id", h."tipo", h."software_id", h."software_pin"
FROM "dian_habilitacion_tipo" h JOIN "tienda" t ON t."id_tienda" = h."tienda_id"
WHERE h."software_id" IS NOT NULL
ORDER BY t."empresa_id", h."tipo", (h."software_pin" IS NULL), h."tienda_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A store's copy equal to its empresa's (same id and PIN) is dropped: the store reads the empresa's,
-- the same software. One that differs is kept as it was, and the store's documents of that type still
-- carry it (a store issuing in producción today never stops nor changes software); the consistency
-- check reports it for a person to decide, and the empresa's next save of the type's software clears it.
UPDATE "dian_habilitacion_tipo" h
SET "software_id" = NULL, "software_pin" = NULL
FROM "tienda" t JOIN "empresa_dian_tipo" e ON e."empresa_id" = t."empresa_id"
WHERE t."id_tienda" = h."tienda_id" AND e."tipo" = h."tipo"
  AND (h."software_id" IS NOT NULL OR h."software_pin" IS NOT NULL)
  AND h."software_id" IS NOT DISTINCT FROM e."software_id"
  AND h."software_pin" IS NOT DISTINCT FROM e."software_pin";
