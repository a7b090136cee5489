-- A barcode names one thing of a store: a product or one sale unit. Each table's unique index keeps
-- its own rows apart; this trigger refuses a code the other table already has, with the refused
-- table's unique constraint's name, so every face answers as it does for a repeated product code.
CREATE OR REPLACE FUNCTION codigo_barras_unico() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.codigo_barras IS NULL THEN RETURN NEW; END IF;
  IF TG_TABLE_NAME = 'producto' THEN
    IF EXISTS (SELECT 1 FROM producto_unidad_venta u WHERE u.tienda_id = NEW.tienda_id AND u.codigo_barras = NEW.codigo_barras) THEN
      RAISE EXCEPTION 'codigo de barras de una presentacion' USING ERRCODE = 'unique_violation', CONSTRAINT = 'producto_tienda_codigo_uq';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM producto p WHERE p.tienda_id = NEW.tienda_id AND p.codigo_barras = NEW.codigo_barras) THEN
    RAISE EXCEPTION 'codigo de barras de un producto' USING ERRCODE = 'unique_violation', CONSTRAINT = 'producto_unidad_venta_codigo_uq';
  END IF;
  RETURN NEW;
END $$;
