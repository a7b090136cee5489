-- The triggers on punto_movimiento. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- The points ledger is append-only (ADR 054): a row is never changed or removed (cascades and SET NULL aside).
DROP TRIGGER IF EXISTS punto_movimiento_solo_agregar ON punto_movimiento;
CREATE TRIGGER punto_movimiento_solo_agregar BEFORE DELETE OR UPDATE ON punto_movimiento
  FOR EACH ROW EXECUTE FUNCTION libro_solo_agregar();
