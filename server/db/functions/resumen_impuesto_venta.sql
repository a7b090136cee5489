-- A completed sale's split with the sign given, per rate ('' for lines without a tax); `ventas` 1 on
-- its first rate's row. Lines are passed in (the triggers pass the old or the new set). Skips a store
-- that no longer exists and a sale not completed (the tax report counts only those).
CREATE OR REPLACE FUNCTION resumen_impuesto_venta(v venta, lineas factura[], signo integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_dia date;
BEGIN
  IF v.estado <> 'Completada' OR coalesce(cardinality(lineas), 0) = 0 THEN
    RETURN;
  END IF;
  SELECT (v.fecha AT TIME ZONE t.zona_horaria)::date INTO v_dia FROM tienda t WHERE t.id_tienda = v.tienda_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO resumen_impuesto_dia (tienda_id, dia, punto_venta_id, turno_id, impuesto, ventas, lineas, base, valor)
  SELECT v.tienda_id, v_dia, coalesce(v.punto_venta_id, 0), coalesce(v.turno_id, 0), x.k,
    signo * (x.k = min(x.k) OVER ())::int, signo * count(*), signo * sum(x.base), signo * sum(x.valor)
  FROM (SELECT coalesce(d.impuesto, '') AS k, d.base, d.valor FROM impuesto_desglose(lineas, v.descuento) d) x
  GROUP BY x.k;
END $$;
