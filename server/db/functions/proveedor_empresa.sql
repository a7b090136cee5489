-- Trigger on proveedor (issue #56 point 2, ADR 064): every supplier belongs to its store's empresa. A
-- supplier written without one (every writer: the domain, the legacy API, the demo, imports, restores
-- of an older backup) gets the empresa of the store where it is created.
CREATE OR REPLACE FUNCTION proveedor_empresa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.empresa_id IS NULL THEN
    SELECT t.empresa_id INTO NEW.empresa_id FROM tienda t WHERE t.id_tienda = NEW.tienda_id;
  END IF;
  RETURN NEW;
END $$;
