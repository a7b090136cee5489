-- A store's summaries are rebuilt (a zone change, a restore) and folded (a reader that found many
-- delta rows) one at a time: a fold running beside a rebuild could leave its folded row next to the
-- rebuilt ones, and that amount would count twice. Both take this transaction-level lock first.
CREATE FUNCTION resumen_bloquear(p_tienda integer) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(35, p_tienda);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tienda_resumen_dia_zona() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_bloquear(NEW.id_tienda);
  PERFORM resumen_dia_reconstruir(NEW.id_tienda);
  RETURN NULL;
END $$;
