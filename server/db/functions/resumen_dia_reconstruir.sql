-- A store's per-day and per-month summaries rebuilt from its sales and lines, folded (one row per key):
-- after a change of its time zone (its days move), a restore, and a bulk load with the triggers off
-- (scripts/bench-*.ts). Takes resumen_bloquear first.
CREATE OR REPLACE FUNCTION resumen_dia_reconstruir(p_tienda integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM resumen_producto_dia WHERE tienda_id = p_tienda;
  DELETE FROM resumen_producto_mes WHERE tienda_id = p_tienda;
  PERFORM resumen_venta_dia_reconstruir(p_tienda);
  INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
  SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, f.producto_id, sum(f.cantidad * f.factor), sum(linea_bruto(f.precio, f.cantidad, f.importe)), sum(f.descuento),
    coalesce(sum(round(f.cantidad * f.costo_unit)), 0), coalesce(sum(f.cantidad * f.factor) FILTER (WHERE f.costo_unit IS NULL), 0)
  FROM factura f JOIN venta v ON v.id_venta = f.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
  WHERE v.tienda_id = p_tienda AND v.estado <> 'Anulada' GROUP BY 1, 2, 3;
  INSERT INTO resumen_producto_mes (tienda_id, mes, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
  SELECT tienda_id, dia - extract(day FROM dia)::integer + 1, producto_id, sum(cantidad), sum(bruto), sum(descuentos), sum(costo), sum(sin_costo_unit)
  FROM resumen_producto_dia WHERE tienda_id = p_tienda GROUP BY 1, 2, 3;
  PERFORM resumen_impuesto_reconstruir(p_tienda);
  PERFORM resumen_pago_reconstruir(p_tienda);
END $$;
