-- A line sold by value (factura.importe, issue #52 point 4) whose price or quantity is edited afterwards
-- (the back office, the legacy API) is no longer the value asked: its gross goes back to
-- precio × cantidad rounded, unless the same statement sets importe itself.
CREATE OR REPLACE FUNCTION factura_importe() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.importe IS NOT DISTINCT FROM OLD.importe AND (NEW.precio <> OLD.precio OR NEW.cantidad <> OLD.cantidad OR NEW.factor <> OLD.factor) THEN
    NEW.importe := NULL;
  END IF;
  RETURN NEW;
END $$;
