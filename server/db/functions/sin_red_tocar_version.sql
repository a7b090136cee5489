-- The offline download's cursor is a sequence, not the clock (issue #50 point 6): every update of a
-- product or a customer, by any face or the ledger (venta_registrar's stock, a pack's change through
-- presentacion_toca_producto), takes the next value of sin_red_version_seq.
CREATE OR REPLACE FUNCTION sin_red_tocar_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('sin_red_version_seq');
  RETURN NEW;
END $$;
