-- A line keeps the unit it was sold in: copied from its product when the line is written, or when the
-- line's product changes (the back office's edit), by whatever face wrote it (venta_registrar, the
-- back office, the legacy API). Lines sold before stay null and read their product's current unit.
CREATE OR REPLACE FUNCTION factura_unidad() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.unidad_dian INTO NEW.unidad_dian FROM producto p WHERE p.id_producto = NEW.producto_id;
  RETURN NEW;
END;
$$;
