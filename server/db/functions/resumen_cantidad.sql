-- Issue #20 (ADR 017): the analysis' totals and classes, and the invoice pager's count, from counts
-- kept by triggers instead of reading every product or every sale of the store. Only deltas are
-- inserted (never an UPDATE of a shared row), so concurrent sales never wait on each other here.
CREATE OR REPLACE FUNCTION resumen_cantidad() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.tienda_id = NEW.tienda_id AND OLD.cantidad_vendida = NEW.cantidad_vendida THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.cantidad_vendida > 0 THEN
    -- A store being deleted (cascades) has no counts to keep.
    IF EXISTS (SELECT 1 FROM tienda WHERE id_tienda = OLD.tienda_id) THEN
      INSERT INTO venta_resumen_cantidad (tienda_id, cantidad, productos) VALUES (OLD.tienda_id, OLD.cantidad_vendida, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.cantidad_vendida > 0 THEN
    INSERT INTO venta_resumen_cantidad (tienda_id, cantidad, productos) VALUES (NEW.tienda_id, NEW.cantidad_vendida, 1);
  END IF;
  RETURN NULL;
END $$;
