-- Trigger on producto (issue #56 point 2, ADR 043 §2): a product written without a catalogue identity
-- (a product of a one-store shop, the import, the demo, a restore of an older backup) is its own catalogue
-- entry, its catalogo_id its id. The product domain passes the entry's id when it carries a product into
-- the empresa's other stores.
CREATE OR REPLACE FUNCTION producto_catalogo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.catalogo_id := coalesce(NEW.catalogo_id, NEW.id_producto);
  RETURN NEW;
END $$;
