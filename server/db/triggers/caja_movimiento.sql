-- The triggers on caja_movimiento. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- The ledger is append-only: a row is never changed or removed (cascades and SET NULL aside).
DROP TRIGGER IF EXISTS caja_movimiento_solo_agregar ON caja_movimiento;
CREATE TRIGGER caja_movimiento_solo_agregar BEFORE DELETE OR UPDATE ON caja_movimiento
  FOR EACH ROW EXECUTE FUNCTION libro_solo_agregar();
