-- The money ledgers are append-only (issue #27): stock (movimiento), customer credit
-- (credito_movimiento) and the drawer (caja_movimiento). The application never edits or removes a
-- row (a correction is a new row), and from here the database refuses it too, whatever the code path.
-- Only its own cascades still pass (the foreign keys' triggers): a deleted store takes its ledgers
-- along, and a deleted product, sale, inventory record, account or shift leaves the rows that named it
-- with that column set to null (ON DELETE SET NULL), every other column as it was.
CREATE OR REPLACE FUNCTION libro_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  antes jsonb;
  despues jsonb;
  k text;
BEGIN
  -- A cascade runs inside the foreign key's own trigger: depth 2 here. A statement of any code path: 1.
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    antes := to_jsonb(OLD);
    despues := to_jsonb(NEW);
    FOR k IN SELECT jsonb_object_keys(antes) LOOP
      IF despues -> k IS DISTINCT FROM antes -> k AND jsonb_typeof(despues -> k) IS DISTINCT FROM 'null' THEN
        RAISE EXCEPTION 'el libro % solo admite filas nuevas: una corrección es un movimiento nuevo', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
      END IF;
    END LOOP;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'el libro % solo admite filas nuevas: una corrección es un movimiento nuevo', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
