-- Issue #30: each sale line records the tax it was sold with, on every face (till, back-office, legacy),
-- without touching the checkout: the product's own tax, else its category's; the bag's INC per unit from
-- the store's fiscal profile. Only for a store responsible for IVA; for any other store the line stays
-- as before (null). Base and tax are derived from it in shared/impuestos.ts (ADR 021).
CREATE OR REPLACE FUNCTION factura_impuesto() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bolsa bigint;
BEGIN
  SELECT pf.valor_inc_bolsa INTO v_bolsa FROM perfil_fiscal pf WHERE pf.tienda_id = NEW.tienda_id AND pf.responsable_iva;
  IF NOT FOUND THEN
    NEW.impuesto := NULL;
    NEW.valor_bolsa := NULL;
    RETURN NEW;
  END IF;
  -- The category's tax is the empresa's (ADR 063): the same row for every store of it.
  SELECT coalesce(p.impuesto, ci.impuesto) INTO NEW.impuesto
  FROM producto p
    JOIN tienda t ON t.id_tienda = p.tienda_id
    LEFT JOIN categoria_impuesto ci ON ci.empresa_id = t.empresa_id AND ci.categoria = p.categoria
  WHERE p.id_producto = NEW.producto_id;
  NEW.valor_bolsa := CASE WHEN NEW.impuesto = 'bolsa' THEN v_bolsa END;
  RETURN NEW;
END;
$$;
