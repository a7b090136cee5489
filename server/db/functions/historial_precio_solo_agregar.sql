-- The price history is append-only (issue #27 point 2), like the activity log: only the database's
-- own cascades remove a row (its product or store deleted) or forget its account (set null).
CREATE OR REPLACE FUNCTION historial_precio_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM producto WHERE id_producto = OLD.producto_id) OR NOT EXISTS (SELECT 1 FROM tienda WHERE id_tienda = OLD.tienda_id) THEN
      RETURN OLD;
    END IF;
  ELSIF NEW.usuario_id IS NULL AND OLD.usuario_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM usuario WHERE id_usuario = OLD.usuario_id)
    AND (NEW.id_historial, NEW.tienda_id, NEW.producto_id, NEW.fecha, NEW.usuario_nombre, NEW.cara, NEW.campo, NEW.anterior, NEW.nuevo)
      IS NOT DISTINCT FROM (OLD.id_historial, OLD.tienda_id, OLD.producto_id, OLD.fecha, OLD.usuario_nombre, OLD.cara, OLD.campo, OLD.anterior, OLD.nuevo) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'el historial de precios solo admite filas nuevas' USING ERRCODE = 'restrict_violation';
END;
$$;
