-- The log is append-only (issue #27 point 6): a row is never changed or removed, except by the
-- database's own cascades: a deleted store takes its log along, a deleted account leaves its rows
-- with the name they recorded (usuario_id set null).
CREATE OR REPLACE FUNCTION actividad_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM tienda WHERE id_tienda = OLD.tienda_id) THEN
      RETURN OLD;
    END IF;
  ELSIF NEW.usuario_id IS NULL AND OLD.usuario_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM usuario WHERE id_usuario = OLD.usuario_id)
    AND (NEW.id_actividad, NEW.tienda_id, NEW.fecha, NEW.usuario_nombre, NEW.rol_id, NEW.cara, NEW.tipo, NEW.detalle)
      IS NOT DISTINCT FROM (OLD.id_actividad, OLD.tienda_id, OLD.fecha, OLD.usuario_nombre, OLD.rol_id, OLD.cara, OLD.tipo, OLD.detalle) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'el registro de actividad solo admite filas nuevas' USING ERRCODE = 'restrict_violation';
END;
$$;
