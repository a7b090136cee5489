ALTER TABLE "orden_compra_linea" DROP CONSTRAINT "orden_linea_cantidad";--> statement-breakpoint
ALTER TABLE "entrega_pedido" ALTER COLUMN "cantidad" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "orden_compra_linea" ALTER COLUMN "cantidad" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "entrega_pedido" ADD COLUMN "unidad_venta_id" integer;--> statement-breakpoint
ALTER TABLE "entrega_pedido" ADD COLUMN "presentacion" text;--> statement-breakpoint
ALTER TABLE "entrega_pedido" ADD COLUMN "factor" integer;--> statement-breakpoint
ALTER TABLE "entrega_pedido" ADD COLUMN "costo_empaque" bigint;--> statement-breakpoint
ALTER TABLE "orden_compra_linea" ADD COLUMN "unidad_venta_id" integer;--> statement-breakpoint
ALTER TABLE "orden_compra_linea" ADD COLUMN "presentacion" text;--> statement-breakpoint
ALTER TABLE "orden_compra_linea" ADD COLUMN "factor" integer;--> statement-breakpoint
ALTER TABLE "orden_compra_linea" ADD COLUMN "costo_empaque" bigint;--> statement-breakpoint
ALTER TABLE "entrega_pedido" ADD CONSTRAINT "entrega_pedido_unidad_venta_id_producto_unidad_venta_id_unidad_venta_fk" FOREIGN KEY ("unidad_venta_id") REFERENCES "public"."producto_unidad_venta"("id_unidad_venta") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_compra_linea" ADD CONSTRAINT "orden_compra_linea_unidad_venta_id_producto_unidad_venta_id_unidad_venta_fk" FOREIGN KEY ("unidad_venta_id") REFERENCES "public"."producto_unidad_venta"("id_unidad_venta") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrega_pedido" ADD CONSTRAINT "entrega_empaque" CHECK (("entrega_pedido"."factor" is null and "entrega_pedido"."presentacion" is null and "entrega_pedido"."costo_empaque" is null) or ("entrega_pedido"."factor" between 2 and 1000 and "entrega_pedido"."presentacion" is not null and ("entrega_pedido"."costo_empaque" is null or "entrega_pedido"."costo_empaque" between 0 and 100000000) and mod("entrega_pedido"."cantidad", "entrega_pedido"."factor") = 0));--> statement-breakpoint
ALTER TABLE "orden_compra_linea" ADD CONSTRAINT "orden_linea_empaque" CHECK (("orden_compra_linea"."factor" is null and "orden_compra_linea"."presentacion" is null and "orden_compra_linea"."costo_empaque" is null) or ("orden_compra_linea"."factor" between 2 and 1000 and "orden_compra_linea"."presentacion" is not null and "orden_compra_linea"."costo_empaque" between 0 and 100000000 and mod("orden_compra_linea"."cantidad", "orden_compra_linea"."factor") = 0));--> statement-breakpoint
ALTER TABLE "orden_compra_linea" ADD CONSTRAINT "orden_linea_cantidad" CHECK ("orden_compra_linea"."cantidad" > 0 and "orden_compra_linea"."cantidad" <= 9999 * coalesce("orden_compra_linea"."factor", 1));