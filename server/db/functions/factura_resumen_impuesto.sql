-- Lines inserted, changed or deleted, once per statement: for each sale they touch (still existing),
-- its split with the lines it had before the statement (its current ones but those the statement wrote,
-- plus those it removed or overwrote) out, its split with its current lines in.
CREATE OR REPLACE FUNCTION factura_resumen_impuesto() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v venta;
  v_ventas integer[] := '{}';
  v_escritas integer[] := '{}';
  v_viejas factura[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    v_escritas := ARRAY(SELECT n.id_factura FROM nuevas n);
    v_ventas := ARRAY(SELECT DISTINCT n.venta_id FROM nuevas n);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    v_viejas := ARRAY(SELECT o FROM viejas o);
    v_ventas := v_ventas || ARRAY(SELECT DISTINCT o.venta_id FROM viejas o);
  END IF;
  FOR v IN SELECT s.* FROM venta s WHERE s.id_venta = ANY (v_ventas) AND s.estado = 'Completada' LOOP
    PERFORM resumen_impuesto_venta(v, ARRAY(
      SELECT f FROM factura f WHERE f.venta_id = v.id_venta AND f.id_factura <> ALL (v_escritas)
      UNION ALL SELECT o FROM unnest(v_viejas) o WHERE o.venta_id = v.id_venta), -1);
    PERFORM resumen_impuesto_venta(v, ARRAY(SELECT f FROM factura f WHERE f.venta_id = v.id_venta), 1);
  END LOOP;
  RETURN NULL;
END $$;
