-- A number given to a sale that will never be complete is recorded as inhabilitado with its reason:
-- a pending sale (the old client's step-by-step sale) annulled, or any numbered sale deleted. A
-- completed sale that is annulled keeps its number (its correction is an adjustment note).
CREATE OR REPLACE FUNCTION venta_inhabilitar_numero() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO numero_inhabilitado (tienda_id, rango_id, numero, motivo, venta_id)
    SELECT OLD.tienda_id, OLD.rango_id, OLD.numero_fiscal, 'Venta eliminada sin completarse', NULL
    WHERE EXISTS (SELECT 1 FROM rango_numeracion WHERE id_rango = OLD.rango_id)
    ON CONFLICT DO NOTHING;
    RETURN OLD;
  END IF;
  IF OLD.estado = 'Pendiente' AND NEW.estado = 'Anulada' THEN
    INSERT INTO numero_inhabilitado (tienda_id, rango_id, numero, motivo, venta_id)
    VALUES (NEW.tienda_id, NEW.rango_id, NEW.numero_fiscal, 'Venta anulada antes de completarse', NEW.id_venta)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
