-- Every update of a product or a customer, by any face or the ledger, moves its actualizado_en: the
-- offline till downloads only the rows changed since its last sync.
CREATE OR REPLACE FUNCTION tocar_actualizado_en() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.actualizado_en := now();
  RETURN NEW;
END $$;
