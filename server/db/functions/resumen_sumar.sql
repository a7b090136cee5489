-- Adds a quantity sold (numeric: weighed goods) to a product's row of venta_producto_resumen (the sales-per-product
-- counts, migration 0002), inserting the row the first time.
CREATE OR REPLACE FUNCTION resumen_sumar(p_tienda integer, p_producto integer, p_delta numeric) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta = 0 THEN RETURN; END IF;
  -- A store or product being deleted (cascades) has no summary to keep.
  IF NOT EXISTS (SELECT 1 FROM tienda WHERE id_tienda = p_tienda) OR NOT EXISTS (SELECT 1 FROM producto WHERE id_producto = p_producto) THEN RETURN; END IF;
  INSERT INTO venta_producto_resumen (tienda_id, producto_id, cantidad_vendida) VALUES (p_tienda, p_producto, p_delta)
  ON CONFLICT (tienda_id, producto_id) DO UPDATE SET cantidad_vendida = venta_producto_resumen.cantidad_vendida + EXCLUDED.cantidad_vendida;
END $$;
