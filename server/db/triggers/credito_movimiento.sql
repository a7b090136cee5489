-- The triggers on credito_movimiento. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- The ledger is append-only: a row is never changed or removed (cascades and SET NULL aside).
DROP TRIGGER IF EXISTS credito_movimiento_solo_agregar ON credito_movimiento;
CREATE TRIGGER credito_movimiento_solo_agregar BEFORE DELETE OR UPDATE ON credito_movimiento
  FOR EACH ROW EXECUTE FUNCTION libro_solo_agregar();

-- Keeps resumen_pago_dia and resumen_pago_mes (abonos and cargos per day, till, shift, person, method; per month without the shift).
DROP TRIGGER IF EXISTS credito_resumen_pago_del ON credito_movimiento;
CREATE TRIGGER credito_resumen_pago_del AFTER DELETE ON credito_movimiento
  FOR EACH ROW EXECUTE FUNCTION credito_resumen_pago();

-- Keeps resumen_pago_dia and resumen_pago_mes (abonos and cargos per day, till, shift, person, method; per month without the shift).
DROP TRIGGER IF EXISTS credito_resumen_pago_ins ON credito_movimiento;
CREATE TRIGGER credito_resumen_pago_ins AFTER INSERT ON credito_movimiento
  FOR EACH ROW EXECUTE FUNCTION credito_resumen_pago();

-- Keeps resumen_pago_dia and resumen_pago_mes (abonos and cargos per day, till, shift, person, method; per month without the shift).
DROP TRIGGER IF EXISTS credito_resumen_pago_upd ON credito_movimiento;
CREATE TRIGGER credito_resumen_pago_upd AFTER UPDATE ON credito_movimiento
  FOR EACH ROW EXECUTE FUNCTION credito_resumen_pago();
