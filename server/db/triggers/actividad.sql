-- The triggers on actividad. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- The activity log is append-only: a row is never changed or removed (cascades aside).
DROP TRIGGER IF EXISTS actividad_solo_agregar ON actividad;
CREATE TRIGGER actividad_solo_agregar BEFORE DELETE OR UPDATE ON actividad
  FOR EACH ROW EXECUTE FUNCTION actividad_solo_agregar();
