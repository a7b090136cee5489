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
  -- The checkout's sale taking its number (ADR 057, venta_tomar_numero): its part is in already, and only
  -- the day's first and last number learn it (a row of zeros under the same keys carrying the number).
  IF OLD.numero < 0 AND NEW.numero > 0 AND (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.usuario_id, OLD.turno_id, OLD.metodo_pago_id, OLD.total, OLD.descuento, OLD.punto_venta_id)
     IS NOT DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.usuario_id, NEW.turno_id, NEW.metodo_pago_id, NEW.total, NEW.descuento, NEW.punto_venta_id) THEN
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, primero, ultimo)
    SELECT NEW.tienda_id, (NEW.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM NEW.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(NEW.usuario_id, 0), coalesce(NEW.turno_id, 0), NEW.metodo_pago_id, coalesce(NEW.punto_venta_id, 0), NEW.numero, NEW.numero
    FROM tienda t WHERE t.id_tienda = NEW.tienda_id;
    RETURN NEW;
  END IF;
  IF (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.usuario_id, OLD.turno_id, OLD.metodo_pago_id, OLD.total, OLD.descuento, OLD.punto_venta_id, OLD.numero)
     IS DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.usuario_id, NEW.turno_id, NEW.metodo_pago_id, NEW.total, NEW.descuento, NEW.punto_venta_id, NEW.numero) THEN
    PERFORM resumen_dia_venta(OLD, -1);
    PERFORM resumen_dia_venta(NEW, 1);
  END IF;
  RETURN NEW;
END $$;
