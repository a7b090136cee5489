-- Trigger on credito_movimiento (insert, update, delete): its old part out, its new part in.
CREATE OR REPLACE FUNCTION credito_resumen_pago() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tienda_id, OLD.fecha, OLD.tipo, OLD.monto, OLD.metodo_pago_id, OLD.turno_id, OLD.usuario_id)
     IS NOT DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.tipo, NEW.monto, NEW.metodo_pago_id, NEW.turno_id, NEW.usuario_id) THEN
    RETURN NEW;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM resumen_pago_abono(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM resumen_pago_abono(NEW, 1);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
