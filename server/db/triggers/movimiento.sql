-- The triggers on movimiento. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- The ledger is append-only: a row is never changed or removed (cascades and SET NULL aside).
DROP TRIGGER IF EXISTS movimiento_solo_agregar ON movimiento;
CREATE TRIGGER movimiento_solo_agregar BEFORE DELETE OR UPDATE ON movimiento
  FOR EACH ROW EXECUTE FUNCTION libro_solo_agregar();

-- A product that tracks lots: each row is spread over its lots (issue #58 point 2, ADR 051).
DROP TRIGGER IF EXISTS movimiento_lotes ON movimiento;
CREATE TRIGGER movimiento_lotes AFTER INSERT ON movimiento
  FOR EACH ROW EXECUTE FUNCTION movimiento_lotes();
