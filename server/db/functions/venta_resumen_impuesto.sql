-- A sale inserted, changed in anything the summary keys or splits by (old split out, new in), or
-- deleted (BEFORE, while its lines exist; the cascade on its lines then finds no sale and adds nothing).
CREATE OR REPLACE FUNCTION venta_resumen_impuesto() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_lineas factura[];
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.punto_venta_id, OLD.turno_id, OLD.descuento)
     IS NOT DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.punto_venta_id, NEW.turno_id, NEW.descuento) THEN
    RETURN NEW;
  END IF;
  v_lineas := ARRAY(SELECT f FROM factura f WHERE f.venta_id = coalesce(NEW.id_venta, OLD.id_venta));
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM resumen_impuesto_venta(OLD, v_lineas, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM resumen_impuesto_venta(NEW, v_lineas, 1);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
