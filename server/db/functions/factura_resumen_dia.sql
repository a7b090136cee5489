-- Statement trigger on factura (insert, update, delete): the lines' part of gross, line discounts and
-- units (apart from kilos, litres, metres, square metres and gallons, cantidad_en), and of the per-day and per-month product summaries, for sales not annulled (ADR 028, ADR 035).
CREATE OR REPLACE FUNCTION factura_resumen_dia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, bruto, descuentos, unidades, kilos, litros, metros, metros_cuadrados, galones)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0), -sum(linea_bruto(l.precio, l.cantidad, l.importe)), -sum(l.descuento), -sum(cantidad_en('unidades', l.cantidad, l.factor, l.unidad_dian, l.producto_id)),
      -sum(cantidad_en('kilos', l.cantidad, l.factor, l.unidad_dian, l.producto_id)), -sum(cantidad_en('litros', l.cantidad, l.factor, l.unidad_dian, l.producto_id)),
      -sum(cantidad_en('metros', l.cantidad, l.factor, l.unidad_dian, l.producto_id)), -sum(cantidad_en('metros_cuadrados', l.cantidad, l.factor, l.unidad_dian, l.producto_id)),
      -sum(cantidad_en('galones', l.cantidad, l.factor, l.unidad_dian, l.producto_id))
    FROM viejas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3, 4, 5, 6, 7;
    WITH x AS (
      SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date AS dia, l.producto_id, -sum(l.cantidad * l.factor) AS cantidad, -sum(linea_bruto(l.precio, l.cantidad, l.importe)) AS bruto,
        -sum(l.descuento) AS descuentos, -coalesce(sum(round(l.cantidad * l.costo_unit)), 0) AS costo,
        -coalesce(sum(l.cantidad * l.factor) FILTER (WHERE l.costo_unit IS NULL), 0) AS sin_costo_unit
      FROM viejas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
      WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3
    ), d AS (
      INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
      SELECT tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit FROM x
    )
    INSERT INTO resumen_producto_mes (tienda_id, mes, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
    SELECT tienda_id, dia - extract(day FROM dia)::integer + 1, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit FROM x;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, bruto, descuentos, unidades, kilos, litros, metros, metros_cuadrados, galones)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0), sum(linea_bruto(l.precio, l.cantidad, l.importe)), sum(l.descuento), sum(cantidad_en('unidades', l.cantidad, l.factor, l.unidad_dian, l.producto_id)),
      sum(cantidad_en('kilos', l.cantidad, l.factor, l.unidad_dian, l.producto_id)), sum(cantidad_en('litros', l.cantidad, l.factor, l.unidad_dian, l.producto_id)),
      sum(cantidad_en('metros', l.cantidad, l.factor, l.unidad_dian, l.producto_id)), sum(cantidad_en('metros_cuadrados', l.cantidad, l.factor, l.unidad_dian, l.producto_id)),
      sum(cantidad_en('galones', l.cantidad, l.factor, l.unidad_dian, l.producto_id))
    FROM nuevas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3, 4, 5, 6, 7;
    WITH x AS (
      SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date AS dia, l.producto_id, sum(l.cantidad * l.factor) AS cantidad, sum(linea_bruto(l.precio, l.cantidad, l.importe)) AS bruto,
        sum(l.descuento) AS descuentos, coalesce(sum(round(l.cantidad * l.costo_unit)), 0) AS costo,
        coalesce(sum(l.cantidad * l.factor) FILTER (WHERE l.costo_unit IS NULL), 0) AS sin_costo_unit
      FROM nuevas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
      WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3
    ), d AS (
      INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
      SELECT tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit FROM x
    )
    INSERT INTO resumen_producto_mes (tienda_id, mes, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
    SELECT tienda_id, dia - extract(day FROM dia)::integer + 1, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit FROM x;
  END IF;
  RETURN NULL;
END $$;
