ALTER TABLE "factura" ADD COLUMN "importe" bigint;--> statement-breakpoint
ALTER TABLE "factura" ADD CONSTRAINT "factura_importe_valido" CHECK ("factura"."importe" is null or ("factura"."importe" > 0 and "factura"."importe" <= 1000000000000));--> statement-breakpoint
-- Hand-written (issue #52 point 4, ADR 030): a line sold by value charges the value asked (importe), which
-- may be up to half a thousandth's price above precio × cantidad; its discount may take all of it. No old
-- row changes (importe is null on every one), so the constraint is not checked again over them.
ALTER TABLE "factura" DROP CONSTRAINT "factura_descuento_valido";--> statement-breakpoint
ALTER TABLE "factura" ADD CONSTRAINT "factura_descuento_valido" CHECK ("factura"."descuento" >= 0 and "factura"."descuento" <= greatest("factura"."precio" * "factura"."cantidad", coalesce("factura"."importe", 0))) NOT VALID;--> statement-breakpoint
-- venta_registrar takes each line's value asked (p_importes): the function with the old arguments goes,
-- server/db/functions/venta_registrar.sql makes the new one after the migrations.
DROP FUNCTION IF EXISTS venta_registrar(integer, integer, integer, integer, bigint, integer[], numeric[], text, uuid, text[], bigint[], text, bigint, text, boolean, text, boolean, boolean, integer[]);
