-- The sales-per-product counts (migration 0002, the popularity analysis and the till's grid) in units.
CREATE OR REPLACE FUNCTION resumen_factura() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_estado text;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT estado INTO v_estado FROM venta WHERE id_venta = OLD.venta_id;
    -- A missing sale is being deleted: its own trigger already took its lines out.
    IF FOUND AND v_estado <> 'Anulada' THEN PERFORM resumen_sumar(OLD.tienda_id, OLD.producto_id, -OLD.cantidad * OLD.factor); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT estado INTO v_estado FROM venta WHERE id_venta = NEW.venta_id;
    IF FOUND AND v_estado <> 'Anulada' THEN PERFORM resumen_sumar(NEW.tienda_id, NEW.producto_id, NEW.cantidad * NEW.factor); END IF;
  END IF;
  RETURN NULL;
END $$;
