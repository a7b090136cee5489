CREATE TABLE "rejilla_fija" (
	"tienda_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"orden" integer NOT NULL,
	CONSTRAINT "rejilla_fija_tienda_id_producto_id_pk" PRIMARY KEY("tienda_id","producto_id"),
	CONSTRAINT "rejilla_fija_orden" CHECK ("rejilla_fija"."orden" >= 0 and "rejilla_fija"."orden" < 100)
);
--> statement-breakpoint
ALTER TABLE "rejilla_fija" ADD CONSTRAINT "rejilla_fija_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rejilla_fija" ADD CONSTRAINT "rejilla_fija_producto_id_producto_id_producto_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id_producto") ON DELETE cascade ON UPDATE no action;