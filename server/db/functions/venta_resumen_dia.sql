-- Trigger on venta (insert, update, delete): the sale's part of resumen_venta_dia taken out with its old
-- values and put in with its new ones (resumen_dia_venta), and its lines' part of the product summaries
-- when its state, day or store change.
CREATE OR REPLACE FUNCTION venta_resumen_dia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumen_dia_venta(NEW, 1);
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM resumen_dia_venta(OLD, -1);
    RETURN OLD;
  END IF;
  IF (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.usuario_id, OLD.turno_id, OLD.metodo_pago_id, OLD.total, OLD.descuento, OLD.punto_venta_id, OLD.numero)
     IS DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.usuario_id, NEW.turno_id, NEW.metodo_pago_id, NEW.total, NEW.descuento, NEW.punto_venta_id, NEW.numero) THEN
    PERFORM resumen_dia_venta(OLD, -1);
    PERFORM resumen_dia_venta(NEW, 1);
  END IF;
  RETURN NEW;
END $$;
