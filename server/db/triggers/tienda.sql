-- The triggers on tienda. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- A change of time zone rebuilds the store's summaries (its days move).
DROP TRIGGER IF EXISTS tienda_resumen_dia_zona ON tienda;
CREATE TRIGGER tienda_resumen_dia_zona AFTER UPDATE OF zona_horaria ON tienda
  FOR EACH ROW WHEN (OLD.zona_horaria IS DISTINCT FROM NEW.zona_horaria) EXECUTE FUNCTION tienda_resumen_dia_zona();

-- Every store belongs to an empresa: one of its own when written without one (issue #56 step 1).
DROP TRIGGER IF EXISTS tienda_empresa ON tienda;
CREATE TRIGGER tienda_empresa BEFORE INSERT ON tienda
  FOR EACH ROW EXECUTE FUNCTION tienda_empresa();

-- An empresa left without stores is deleted with its last one.
DROP TRIGGER IF EXISTS tienda_empresa_sola ON tienda;
CREATE TRIGGER tienda_empresa_sola AFTER DELETE ON tienda
  FOR EACH ROW EXECUTE FUNCTION tienda_empresa();
