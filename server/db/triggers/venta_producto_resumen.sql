-- The triggers on venta_producto_resumen. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- Keeps the counts of products sold (venta_resumen_cantidad's productos).
DROP TRIGGER IF EXISTS venta_producto_resumen_cantidad ON venta_producto_resumen;
CREATE TRIGGER venta_producto_resumen_cantidad AFTER INSERT OR DELETE OR UPDATE ON venta_producto_resumen
  FOR EACH ROW EXECUTE FUNCTION resumen_cantidad();
