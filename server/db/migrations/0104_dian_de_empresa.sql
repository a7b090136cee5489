-- One DIAN registration per empresa (ADR 069, designed in ADR 067 §5): the software registered at DIAN
-- (id, PIN) and the signing certificate are the taxpayer's, and the empresa is the taxpayer (ADR 059).
-- Each store's dian_configuracion keeps what is the establishment's: on/off, environment, test set,
-- transport, its habilitación; ranges and prefixes stay per till (rango_numeracion).
CREATE TABLE "empresa_dian" (
	"empresa_id" integer PRIMARY KEY NOT NULL,
	"software_id" text,
	"software_pin" text,
	"certificado_sellado" text,
	"certificado_sellado_para" text,
	"certificado_resumen" jsonb,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "empresa_dian" ADD CONSTRAINT "empresa_dian_empresa_id_empresa_id_empresa_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id_empresa") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each empresa takes the row of its lowest-id store that has a certificate (or, when none has one, of
-- its lowest-id store with a software id). The sealed blob is copied as it is: it was sealed for that
-- store's id, which certificado_sellado_para records, so it opens without the custody key here.
INSERT INTO "empresa_dian" ("empresa_id", "software_id", "software_pin", "certificado_sellado", "certificado_sellado_para", "certificado_resumen")
SELECT DISTINCT ON (t."empresa_id") t."empresa_id", c."software_id", c."software_pin", c."certificado_sellado",
  CASE WHEN c."certificado_sellado" IS NOT NULL THEN c."tienda_id"::text END, c."certificado_resumen"
FROM "dian_configuracion" c JOIN "tienda" t ON t."id_tienda" = c."tienda_id"
WHERE c."certificado_sellado" IS NOT NULL OR c."software_id" IS NOT NULL
ORDER BY t."empresa_id", (c."certificado_sellado" IS NULL), c."tienda_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A store's own copy that agrees with its empresa's (same certificate by its summary — subject, issuer,
-- serial, validity —, same software id and PIN, or none) is dropped; one that differs is kept, as it
-- was, for the consistency check to report and a person to resolve (a franchise wrongly in one empresa):
-- never overwritten.
UPDATE "dian_configuracion" c
SET "software_id" = NULL, "software_pin" = NULL, "certificado_sellado" = NULL, "certificado_resumen" = NULL
FROM "tienda" t JOIN "empresa_dian" e ON e."empresa_id" = t."empresa_id"
WHERE t."id_tienda" = c."tienda_id"
  AND (c."software_id" IS NOT NULL OR c."software_pin" IS NOT NULL OR c."certificado_sellado" IS NOT NULL OR c."certificado_resumen" IS NOT NULL)
  AND (c."certificado_sellado" IS NULL OR c."certificado_resumen" IS NOT DISTINCT FROM e."certificado_resumen")
  AND (c."software_id" IS NULL OR c."software_id" IS NOT DISTINCT FROM e."software_id")
  AND (c."software_pin" IS NULL OR c."software_pin" IS NOT DISTINCT FROM e."software_pin");
