-- Hand-written (issue #58 point 3): a ferretería sells by the metre (MTR), the centimetre (CMT), the square
-- metre (MTK) and the gallon (GLL), with decimals as weights are. The units' checks take the one unit rule's
-- codes (shared/unidades.ts; server/db/schema/unidad-dian.ts writes them, unidades.test.ts compares them).
ALTER TABLE "producto" DROP CONSTRAINT "producto_unidad_dian_valida";--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_unidad_dian_valida" CHECK ("producto"."unidad_dian" in ('94', 'KGM', 'GRM', 'LTR', 'MLT', 'MTR', 'CMT', 'MTK', 'GLL'));--> statement-breakpoint
ALTER TABLE "factura" DROP CONSTRAINT "factura_unidad_dian_valida";--> statement-breakpoint
ALTER TABLE "factura" ADD CONSTRAINT "factura_unidad_dian_valida" CHECK ("factura"."unidad_dian" in ('94', 'KGM', 'GRM', 'LTR', 'MLT', 'MTR', 'CMT', 'MTK', 'GLL'));
