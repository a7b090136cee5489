-- A product that begins tracking lots (issue #58 point 2, ADR 051): its stock until now is of no known
-- lot. Lots left from an earlier time it tracked them are emptied (what moved meanwhile was not spread
-- over them), and the units of no known lot take the whole stock, so its lots add up to its stock.
CREATE OR REPLACE FUNCTION producto_lotes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_sin integer;
BEGIN
  v_sin := lote_sin_codigo(NEW.tienda_id, NEW.id_producto);
  UPDATE lote SET cantidad = CASE WHEN id_lote = v_sin THEN NEW.stock ELSE 0 END WHERE producto_id = NEW.id_producto;
  RETURN NULL;
END $$;
