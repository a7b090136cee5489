-- Issue #34 (ADR 034): the offline till's incremental download brings a product again when one of its
-- packs (producto_unidad_venta, ADR 033) is added, changed or removed, whatever face writes it: the
-- pack's change touches its product's actualizado_en (set by tocar_actualizado_en, migration 0037).
CREATE OR REPLACE FUNCTION presentacion_toca_producto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE producto SET actualizado_en = now() WHERE id_producto = OLD.producto_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.producto_id IS DISTINCT FROM OLD.producto_id) THEN
    UPDATE producto SET actualizado_en = now() WHERE id_producto = NEW.producto_id;
  END IF;
  RETURN NULL;
END $$;
