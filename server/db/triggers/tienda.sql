-- The triggers on tienda. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- A change of time zone rebuilds the store's summaries (its days move).
DROP TRIGGER IF EXISTS tienda_resumen_dia_zona ON tienda;
CREATE TRIGGER tienda_resumen_dia_zona AFTER UPDATE OF zona_horaria ON tienda
  FOR EACH ROW WHEN (OLD.zona_horaria IS DISTINCT FROM NEW.zona_horaria) EXECUTE FUNCTION tienda_resumen_dia_zona();
