-- Trigger on venta: keeps the store's count of sales (venta_resumen_cantidad) by deltas, for the invoice
-- pager and the analysis (ADR 017).
CREATE OR REPLACE FUNCTION conteo_venta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.tienda_id = NEW.tienda_id AND OLD.estado = NEW.estado THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM tienda WHERE id_tienda = OLD.tienda_id) THEN
      INSERT INTO venta_conteo (tienda_id, estado, ventas) VALUES (OLD.tienda_id, OLD.estado, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO venta_conteo (tienda_id, estado, ventas) VALUES (NEW.tienda_id, NEW.estado, 1);
  END IF;
  RETURN NULL;
END $$;
