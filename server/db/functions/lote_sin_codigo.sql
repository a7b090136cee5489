-- The row of a product's units of no known lot (code and expiry null), made when first needed
-- (issue #58 point 2, ADR 051). The product's row is locked by the stock writer that calls it.
CREATE OR REPLACE FUNCTION lote_sin_codigo(p_tienda integer, p_producto integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
BEGIN
  SELECT id_lote INTO v_id FROM lote WHERE producto_id = p_producto AND codigo IS NULL;
  IF NOT FOUND THEN
    INSERT INTO lote (tienda_id, producto_id) VALUES (p_tienda, p_producto) RETURNING id_lote INTO v_id;
  END IF;
  RETURN v_id;
END $$;
