-- Issue #35, ADR 032: the money per day, till, shift, person and method, kept by row triggers on venta
-- (a non-annulled sale's payment parts, as shared/pago.ts reads them) and credito_movimiento (abonos, cargos).
-- Deltas only (ADR 017): an update takes the old contribution out and puts the new one in.
-- A sale's parts: the one its method covered (method 7 is Fiado: the whole total), the one left on
-- credit, and the fiado it gave on its own method's row (reportes.service.ts reads the same rule).
CREATE OR REPLACE FUNCTION resumen_pago_partes(p_metodo integer, p_total bigint, p_fiado bigint) RETURNS TABLE (metodo integer, ventas integer, monto bigint, fiado bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT p_metodo, 1, CASE WHEN p_metodo = 7 THEN p_total ELSE p_total - p_fiado END, 0::bigint
    WHERE p_metodo = 7 OR p_total - p_fiado > 0 OR p_fiado <= 0
  UNION ALL SELECT 7, 1, p_fiado, 0::bigint WHERE p_metodo <> 7 AND p_fiado > 0
  UNION ALL SELECT p_metodo, 0, 0::bigint, CASE WHEN p_metodo = 7 THEN p_total ELSE p_fiado END
$$;
