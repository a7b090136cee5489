-- Medicine fields for droguerías (issue #58 point 2, ADR 051): the product's registro sanitario INVIMA,
-- its active ingredient and whether it is sold only on a doctor's prescription (venta bajo fórmula
-- médica: the till asks the cashier to confirm the prescription, the sale records it in the activity log).
ALTER TABLE "producto" ADD COLUMN "registro_invima" text;
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "principio_activo" text;
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "bajo_formula" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_registro_invima_acotado" CHECK ("registro_invima" IS NULL OR length("registro_invima") <= 40);
--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_principio_activo_acotado" CHECK ("principio_activo" IS NULL OR length("principio_activo") <= 120);
