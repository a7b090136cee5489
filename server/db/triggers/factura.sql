-- The triggers on factura. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- A completed sale is never deleted, nor its lines removed or moved (issue #51).
DROP TRIGGER IF EXISTS factura_completada_no_se_borra ON factura;
CREATE TRIGGER factura_completada_no_se_borra BEFORE DELETE OR UPDATE OF venta_id ON factura
  FOR EACH ROW EXECUTE FUNCTION venta_no_se_borra();

-- A line records the tax it was sold with (store responsible for IVA).
DROP TRIGGER IF EXISTS factura_impuesto ON factura;
CREATE TRIGGER factura_impuesto BEFORE INSERT OR UPDATE OF producto_id ON factura
  FOR EACH ROW EXECUTE FUNCTION factura_impuesto();

-- Keeps resumen_producto_dia, resumen_producto_mes, resumen_lista_dia, venta_producto_resumen and the lines' part of resumen_venta_dia and resumen_venta_mes (per statement).
DROP TRIGGER IF EXISTS factura_resumen_dia_del ON factura;
CREATE TRIGGER factura_resumen_dia_del AFTER DELETE ON factura
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_dia();

-- Keeps resumen_producto_dia, resumen_producto_mes, resumen_lista_dia, venta_producto_resumen and the lines' part of resumen_venta_dia and resumen_venta_mes (per statement).
DROP TRIGGER IF EXISTS factura_resumen_dia_ins ON factura;
CREATE TRIGGER factura_resumen_dia_ins AFTER INSERT ON factura
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_dia();

-- Keeps resumen_producto_dia, resumen_producto_mes, resumen_lista_dia, venta_producto_resumen and the lines' part of resumen_venta_dia and resumen_venta_mes (per statement).
DROP TRIGGER IF EXISTS factura_resumen_dia_upd ON factura;
CREATE TRIGGER factura_resumen_dia_upd AFTER UPDATE ON factura
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_dia();

-- Keeps resumen_impuesto_dia: each touched sale's split, old out and new in (per statement).
DROP TRIGGER IF EXISTS factura_resumen_impuesto_del ON factura;
CREATE TRIGGER factura_resumen_impuesto_del AFTER DELETE ON factura
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_impuesto();

-- Keeps resumen_impuesto_dia: each touched sale's split, old out and new in (per statement).
DROP TRIGGER IF EXISTS factura_resumen_impuesto_ins ON factura;
CREATE TRIGGER factura_resumen_impuesto_ins AFTER INSERT ON factura
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_impuesto();

-- Keeps resumen_impuesto_dia: each touched sale's split, old out and new in (per statement).
DROP TRIGGER IF EXISTS factura_resumen_impuesto_upd ON factura;
CREATE TRIGGER factura_resumen_impuesto_upd AFTER UPDATE ON factura
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_impuesto();

-- A line keeps the unit it was sold in (copied from its product).
DROP TRIGGER IF EXISTS factura_unidad ON factura;
CREATE TRIGGER factura_unidad BEFORE INSERT OR UPDATE OF producto_id ON factura
  FOR EACH ROW EXECUTE FUNCTION factura_unidad();

-- A line sold by value whose price or quantity is edited charges precio × cantidad again.
DROP TRIGGER IF EXISTS factura_importe ON factura;
CREATE TRIGGER factura_importe BEFORE UPDATE OF precio, cantidad, factor ON factura
  FOR EACH ROW EXECUTE FUNCTION factura_importe();
