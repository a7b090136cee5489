-- Trigger on venta (insert, update, delete): the sale's old payment parts out, its new ones in.
CREATE OR REPLACE FUNCTION venta_resumen_pago() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.metodo_pago_id, OLD.total, OLD.monto_fiado, OLD.punto_venta_id, OLD.turno_id, OLD.usuario_id)
     IS NOT DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.metodo_pago_id, NEW.total, NEW.monto_fiado, NEW.punto_venta_id, NEW.turno_id, NEW.usuario_id) THEN
    RETURN NEW;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM resumen_pago_venta(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM resumen_pago_venta(NEW, 1);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
