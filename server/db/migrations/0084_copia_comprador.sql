-- Hand-written (issue #57 point 4): the buyer's copy of an accepted invoice or its note (the
-- AttachedDocument and the PDF in a ZIP) is e-mailed once by the outbox's worker. Its state:
-- null (to send), 'enviando' (a worker holds it until correo_hasta), 'enviado', 'sin_correo' (the
-- buyer gave no e-mail), 'fallido' (the mailer kept failing), 'anterior' (accepted before this
-- feature: never e-mailed by itself, the owner may resend it).
ALTER TABLE "documento_dian" ADD COLUMN "correo_estado" text;
--> statement-breakpoint
ALTER TABLE "documento_dian" ADD COLUMN "correo_hasta" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "documento_dian" ADD COLUMN "correo_intentos" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "documento_dian" ADD COLUMN "correo_enviado_en" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "documento_dian" ADD COLUMN "correo_error" text;
--> statement-breakpoint
ALTER TABLE "documento_dian" ADD CONSTRAINT "documento_dian_correo_estado_valido" CHECK ("correo_estado" is null or "correo_estado" in ('enviando', 'enviado', 'sin_correo', 'fallido', 'anterior'));
--> statement-breakpoint
UPDATE "documento_dian" SET "correo_estado" = 'anterior' WHERE "tipo" IN ('01', '91', '92') AND "estado" = 'aceptado';
--> statement-breakpoint
CREATE INDEX "documento_dian_correo_idx" ON "documento_dian" USING btree ("tienda_id") WHERE "estado" = 'aceptado' AND "tipo" IN ('01', '91', '92') AND ("correo_estado" IS NULL OR "correo_estado" = 'enviando');
