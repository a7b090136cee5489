-- The triggers on producto_unidad_venta. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- A pack's change touches its product's actualizado_en (offline download).
DROP TRIGGER IF EXISTS presentacion_toca_producto ON producto_unidad_venta;
CREATE TRIGGER presentacion_toca_producto AFTER INSERT OR DELETE OR UPDATE ON producto_unidad_venta
  FOR EACH ROW EXECUTE FUNCTION presentacion_toca_producto();

-- A barcode names one product or one sale unit of a store.
DROP TRIGGER IF EXISTS producto_unidad_venta_codigo_barras_unico ON producto_unidad_venta;
CREATE TRIGGER producto_unidad_venta_codigo_barras_unico BEFORE INSERT OR UPDATE OF codigo_barras, tienda_id ON producto_unidad_venta
  FOR EACH ROW EXECUTE FUNCTION codigo_barras_unico();
