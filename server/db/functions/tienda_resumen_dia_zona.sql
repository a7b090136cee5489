-- Trigger on tienda: a change of the store's time zone moves its days, so its summaries are rebuilt.
CREATE OR REPLACE FUNCTION tienda_resumen_dia_zona() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_bloquear(NEW.id_tienda);
  PERFORM resumen_dia_reconstruir(NEW.id_tienda);
  RETURN NULL;
END $$;
