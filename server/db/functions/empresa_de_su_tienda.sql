-- Trigger on cliente and proveedor (issue #56 point 2: customers, ADR 043 step "customers shared", and
-- suppliers, ADR 064, are the empresa's): a row written without its empresa (every writer: the domain,
-- the legacy API, the demo, imports, restores of an older backup) gets the empresa of the store where
-- it is created. One function for both tables (migration 0105 dropped their copies).
CREATE OR REPLACE FUNCTION empresa_de_su_tienda() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.empresa_id IS NULL THEN
    SELECT t.empresa_id INTO NEW.empresa_id FROM tienda t WHERE t.id_tienda = NEW.tienda_id;
  END IF;
  RETURN NEW;
END $$;
