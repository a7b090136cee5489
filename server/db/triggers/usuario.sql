-- The triggers on usuario. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- A person's home store and role are their row in usuario_tienda (issue #56 step 2).
DROP TRIGGER IF EXISTS usuario_tienda ON usuario;
CREATE TRIGGER usuario_tienda AFTER INSERT OR UPDATE OF tienda_id, rol_id, aprobado ON usuario
  FOR EACH ROW EXECUTE FUNCTION usuario_tienda();
