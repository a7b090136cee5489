-- Trigger on tienda (issue #56 step 1, ADR 043): every store belongs to an empresa. A store written
-- without one (a sign-up, the back-office, the demo, a restore of an older backup) gets an empresa of
-- its own, named as the store; when the last store of an empresa is deleted, the empresa goes with it.
CREATE OR REPLACE FUNCTION tienda_empresa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.empresa_id IS NULL THEN
      INSERT INTO empresa (nombre) VALUES (NEW.nombre_tienda) RETURNING id_empresa INTO NEW.empresa_id;
    END IF;
    RETURN NEW;
  END IF;
  DELETE FROM empresa e WHERE e.id_empresa = OLD.empresa_id AND NOT EXISTS (SELECT 1 FROM tienda t WHERE t.empresa_id = OLD.empresa_id);
  RETURN NULL;
END $$;
