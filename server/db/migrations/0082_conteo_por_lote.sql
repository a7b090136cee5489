-- Hand-written (issue #58 point 2, ADR 051's addendum): a count of a product that tracks lots may be
-- entered per lot. A count line names its lot; each lot counted keeps its units when first counted,
-- and once approved the adjustment written to it through the ledger.
ALTER TABLE "conteo_linea" ADD COLUMN "lote_id" integer;
--> statement-breakpoint
ALTER TABLE "conteo_linea" ADD CONSTRAINT "conteo_linea_lote_id_lote_id_lote_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote"("id_lote") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "conteo_lote" (
	"conteo_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"tienda_id" integer NOT NULL,
	"stock_sistema" numeric(12, 3) NOT NULL,
	"ajuste" numeric(12, 3),
	CONSTRAINT "conteo_lote_conteo_id_lote_id_pk" PRIMARY KEY("conteo_id","lote_id")
);
--> statement-breakpoint
ALTER TABLE "conteo_lote" ADD CONSTRAINT "conteo_lote_conteo_id_conteo_id_conteo_fk" FOREIGN KEY ("conteo_id") REFERENCES "public"."conteo"("id_conteo") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conteo_lote" ADD CONSTRAINT "conteo_lote_lote_id_lote_id_lote_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote"("id_lote") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conteo_lote" ADD CONSTRAINT "conteo_lote_producto_id_producto_id_producto_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id_producto") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conteo_lote" ADD CONSTRAINT "conteo_lote_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "conteo_lote_producto_idx" ON "conteo_lote" USING btree ("conteo_id","producto_id");
