-- Moves `p_cantidad` units (positive in, negative out) of one ledger row into or out of one lot and
-- records it in lote_movimiento (issue #58 point 2, ADR 051). Called only by movimiento_lotes.
CREATE OR REPLACE FUNCTION lote_mover(p_movimiento integer, p_lote integer, p_producto integer, p_venta integer, p_cantidad numeric)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_cantidad = 0 THEN
    RETURN;
  END IF;
  UPDATE lote SET cantidad = cantidad + p_cantidad WHERE id_lote = p_lote;
  INSERT INTO lote_movimiento (movimiento_id, lote_id, producto_id, venta_id, cantidad)
  VALUES (p_movimiento, p_lote, p_producto, p_venta, p_cantidad);
END $$;
