-- Issue #56 point 6, issue #55 point 2 (ADR 073): a range of months (an empresa's year) read every day row
-- of the sales' and payments' summaries (~350 000 and ~200 000 for 50 stores). Their months, declared in
-- server/db/resumenes.ts (`acumulado`) and written by the generated functions applied after this file in
-- the same statements as the days: per store month, seller, method and till (sales; no hour nor shift)
-- and per store month, till, person and method (payments; no shift). The months of the sales made so far
-- come from the day rows, folded (one row per key; the first and last numbers as min and max).
CREATE TABLE "resumen_venta_mes" (
	"tienda_id" integer NOT NULL,
	"mes" date NOT NULL,
	"usuario_id" integer NOT NULL,
	"metodo_pago_id" integer NOT NULL,
	"punto_venta_id" integer NOT NULL,
	"tickets" bigint DEFAULT 0 NOT NULL,
	"bruto" bigint DEFAULT 0 NOT NULL,
	"descuentos" bigint DEFAULT 0 NOT NULL,
	"neto" bigint DEFAULT 0 NOT NULL,
	"unidades" numeric(15, 3) DEFAULT 0 NOT NULL,
	"kilos" numeric(15, 3) DEFAULT 0 NOT NULL,
	"litros" numeric(15, 3) DEFAULT 0 NOT NULL,
	"metros" numeric(15, 3) DEFAULT 0 NOT NULL,
	"metros_cuadrados" numeric(15, 3) DEFAULT 0 NOT NULL,
	"galones" numeric(15, 3) DEFAULT 0 NOT NULL,
	"anuladas" bigint DEFAULT 0 NOT NULL,
	"monto_anulado" bigint DEFAULT 0 NOT NULL,
	"primero" integer,
	"ultimo" integer
);
--> statement-breakpoint
ALTER TABLE "resumen_venta_mes" ADD CONSTRAINT "resumen_venta_mes_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "resumen_venta_mes_idx" ON "resumen_venta_mes" USING btree ("tienda_id","mes");
--> statement-breakpoint
CREATE TABLE "resumen_pago_mes" (
	"tienda_id" integer NOT NULL,
	"mes" date NOT NULL,
	"punto_venta_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"metodo_pago_id" integer NOT NULL,
	"ventas" bigint DEFAULT 0 NOT NULL,
	"monto" bigint DEFAULT 0 NOT NULL,
	"fiado" bigint DEFAULT 0 NOT NULL,
	"cobros" bigint DEFAULT 0 NOT NULL,
	"abonos" bigint DEFAULT 0 NOT NULL,
	"cargos" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumen_pago_mes" ADD CONSTRAINT "resumen_pago_mes_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "resumen_pago_mes_idx" ON "resumen_pago_mes" USING btree ("tienda_id","mes");
--> statement-breakpoint
INSERT INTO resumen_venta_mes (tienda_id, mes, usuario_id, metodo_pago_id, punto_venta_id, tickets, bruto, descuentos, neto, unidades, kilos, litros, metros, metros_cuadrados, galones, anuladas, monto_anulado, primero, ultimo)
SELECT tienda_id, dia - extract(day FROM dia)::integer + 1, usuario_id, metodo_pago_id, punto_venta_id, sum(tickets), sum(bruto), sum(descuentos), sum(neto), sum(unidades), sum(kilos), sum(litros), sum(metros), sum(metros_cuadrados), sum(galones), sum(anuladas), sum(monto_anulado), min(primero), max(ultimo)
FROM resumen_venta_dia GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO resumen_pago_mes (tienda_id, mes, punto_venta_id, usuario_id, metodo_pago_id, ventas, monto, fiado, cobros, abonos, cargos)
SELECT tienda_id, dia - extract(day FROM dia)::integer + 1, punto_venta_id, usuario_id, metodo_pago_id, sum(ventas), sum(monto), sum(fiado), sum(cobros), sum(abonos), sum(cargos)
FROM resumen_pago_dia GROUP BY 1, 2, 3, 4, 5;
