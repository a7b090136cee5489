-- Trigger on venta (state changed, or deleted): a sale annulled or brought back, or deleted, takes its lines'
-- units out of or puts them back into the sales-per-product counts (resumen_sumar) and the month's summary.
CREATE OR REPLACE FUNCTION resumen_venta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signo integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.estado <> 'Anulada' THEN
      PERFORM resumen_sumar(f.tienda_id, f.producto_id, -f.cantidad * f.factor) FROM factura f WHERE f.venta_id = OLD.id_venta;
    END IF;
    RETURN OLD;
  END IF;
  IF (OLD.estado = 'Anulada') = (NEW.estado = 'Anulada') THEN RETURN NULL; END IF;
  signo := CASE WHEN NEW.estado = 'Anulada' THEN -1 ELSE 1 END;
  PERFORM resumen_sumar(f.tienda_id, f.producto_id, signo * f.cantidad * f.factor) FROM factura f WHERE f.venta_id = NEW.id_venta;
  RETURN NULL;
END $$;
