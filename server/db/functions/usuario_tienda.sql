-- Trigger on usuario (issue #56 step 2, ADR 043 §3): a person's home store and role (usuario.tienda_id,
-- rol_id, aprobado, as every writer of usuario sets them) are their row in usuario_tienda. Moving a person
-- to another store moves that row; a role given in another store of the empresa is kept.
CREATE OR REPLACE FUNCTION usuario_tienda() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.tienda_id IS NOT NULL AND OLD.tienda_id IS DISTINCT FROM NEW.tienda_id THEN
    DELETE FROM usuario_tienda WHERE usuario_id = OLD.id_usuario AND tienda_id = OLD.tienda_id;
  END IF;
  IF NEW.tienda_id IS NOT NULL THEN
    INSERT INTO usuario_tienda (usuario_id, tienda_id, rol_id, aprobado)
      VALUES (NEW.id_usuario, NEW.tienda_id, NEW.rol_id, NEW.aprobado)
      ON CONFLICT (usuario_id, tienda_id) DO UPDATE SET rol_id = EXCLUDED.rol_id, aprobado = EXCLUDED.aprobado;
  END IF;
  RETURN NULL;
END $$;
