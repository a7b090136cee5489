-- The triggers on historial_precio. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- The price history is append-only.
DROP TRIGGER IF EXISTS historial_precio_solo_agregar ON historial_precio;
CREATE TRIGGER historial_precio_solo_agregar BEFORE DELETE OR UPDATE ON historial_precio
  FOR EACH ROW EXECUTE FUNCTION historial_precio_solo_agregar();
