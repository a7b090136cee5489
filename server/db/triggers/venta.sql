-- The triggers on venta. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- A completed sale is never deleted, nor its lines removed or moved (issue #51).
DROP TRIGGER IF EXISTS venta_completada_no_se_borra ON venta;
CREATE TRIGGER venta_completada_no_se_borra BEFORE DELETE ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_no_se_borra();

-- Keeps the store's count of sales per state (venta_conteo).
DROP TRIGGER IF EXISTS venta_conteo ON venta;
CREATE TRIGGER venta_conteo AFTER INSERT OR DELETE OR UPDATE OF estado, tienda_id ON venta
  FOR EACH ROW EXECUTE FUNCTION conteo_venta();

-- A DIAN number given to a sale that will never be complete is recorded as inhabilitado.
DROP TRIGGER IF EXISTS venta_inhabilitar_numero ON venta;
CREATE TRIGGER venta_inhabilitar_numero AFTER DELETE OR UPDATE OF estado ON venta
  FOR EACH ROW WHEN (OLD.numero_fiscal IS NOT NULL) EXECUTE FUNCTION venta_inhabilitar_numero();

-- Numbers the sale: the store's number and, at a till with a DIAN range, the range's next one.
DROP TRIGGER IF EXISTS venta_numerar ON venta;
CREATE TRIGGER venta_numerar BEFORE INSERT OR UPDATE OF numero ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_numerar();

-- Keeps resumen_venta_dia and resumen_venta_mes (and the products' summaries, venta_producto_resumen among them, when the sale's state, day or store change).
DROP TRIGGER IF EXISTS venta_resumen_dia_del ON venta;
CREATE TRIGGER venta_resumen_dia_del BEFORE DELETE ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_dia();

-- Keeps resumen_venta_dia and resumen_venta_mes (and the products' summaries, venta_producto_resumen among them, when the sale's state, day or store change).
DROP TRIGGER IF EXISTS venta_resumen_dia_ins ON venta;
CREATE TRIGGER venta_resumen_dia_ins AFTER INSERT ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_dia();

-- Keeps resumen_venta_dia and resumen_venta_mes (and the products' summaries, venta_producto_resumen among them, when the sale's state, day or store change).
DROP TRIGGER IF EXISTS venta_resumen_dia_upd ON venta;
CREATE TRIGGER venta_resumen_dia_upd AFTER UPDATE ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_dia();

-- Keeps resumen_impuesto_dia: the sale's tax split, old out and new in.
DROP TRIGGER IF EXISTS venta_resumen_impuesto_del ON venta;
CREATE TRIGGER venta_resumen_impuesto_del BEFORE DELETE ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_impuesto();

-- Keeps resumen_impuesto_dia: the sale's tax split, old out and new in.
DROP TRIGGER IF EXISTS venta_resumen_impuesto_ins ON venta;
CREATE TRIGGER venta_resumen_impuesto_ins AFTER INSERT ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_impuesto();

-- Keeps resumen_impuesto_dia: the sale's tax split, old out and new in.
DROP TRIGGER IF EXISTS venta_resumen_impuesto_upd ON venta;
CREATE TRIGGER venta_resumen_impuesto_upd AFTER UPDATE ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_impuesto();

-- Keeps resumen_pago_dia and resumen_pago_mes: the sale's payment parts, old out and new in.
DROP TRIGGER IF EXISTS venta_resumen_pago_del ON venta;
CREATE TRIGGER venta_resumen_pago_del AFTER DELETE ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_pago();

-- Keeps resumen_pago_dia and resumen_pago_mes: the sale's payment parts, old out and new in.
DROP TRIGGER IF EXISTS venta_resumen_pago_ins ON venta;
CREATE TRIGGER venta_resumen_pago_ins AFTER INSERT ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_pago();

-- Keeps resumen_pago_dia and resumen_pago_mes: the sale's payment parts, old out and new in.
DROP TRIGGER IF EXISTS venta_resumen_pago_upd ON venta;
CREATE TRIGGER venta_resumen_pago_upd AFTER UPDATE ON venta
  FOR EACH ROW EXECUTE FUNCTION venta_resumen_pago();
