-- A store's summaries are rebuilt (a zone change, a restore) and folded (a reader that found many
-- delta rows) one at a time: a fold running beside a rebuild could leave its folded row next to the
-- rebuilt ones, and that amount would count twice. Both take this transaction-level lock first.
CREATE OR REPLACE FUNCTION resumen_bloquear(p_tienda integer) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(35, p_tienda);
$$;
