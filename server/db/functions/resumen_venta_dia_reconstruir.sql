-- The sales' summary alone, rebuilt from the store's sales and lines (resumen_dia_reconstruir calls it).
CREATE OR REPLACE FUNCTION resumen_venta_dia_reconstruir(p_tienda integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM resumen_venta_dia WHERE tienda_id = p_tienda;
  INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, tickets, bruto, descuentos, neto, unidades, kilos, litros, metros, metros_cuadrados, galones, anuladas, monto_anulado, primero, ultimo)
  SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
    coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0),
    count(*) FILTER (WHERE v.estado <> 'Anulada'),
    coalesce(sum(l.bruto) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(coalesce(l.descuento, 0) + v.descuento) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(v.total) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(l.unidades) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(l.kilos) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(l.litros) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(l.metros) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(l.metros_cuadrados) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(l.galones) FILTER (WHERE v.estado <> 'Anulada'), 0),
    count(*) FILTER (WHERE v.estado = 'Anulada'),
    coalesce(sum(v.total) FILTER (WHERE v.estado = 'Anulada'), 0),
    min(v.numero), max(v.numero)
  FROM venta v JOIN tienda t ON t.id_tienda = v.tienda_id
  LEFT JOIN (SELECT f.venta_id, sum(linea_bruto(f.precio, f.cantidad, f.importe)) AS bruto, sum(f.descuento) AS descuento, sum(cantidad_en('unidades', f.cantidad, f.factor, f.unidad_dian, f.producto_id)) AS unidades,
    sum(cantidad_en('kilos', f.cantidad, f.factor, f.unidad_dian, f.producto_id)) AS kilos, sum(cantidad_en('litros', f.cantidad, f.factor, f.unidad_dian, f.producto_id)) AS litros,
    sum(cantidad_en('metros', f.cantidad, f.factor, f.unidad_dian, f.producto_id)) AS metros, sum(cantidad_en('metros_cuadrados', f.cantidad, f.factor, f.unidad_dian, f.producto_id)) AS metros_cuadrados,
    sum(cantidad_en('galones', f.cantidad, f.factor, f.unidad_dian, f.producto_id)) AS galones FROM factura f WHERE f.tienda_id = p_tienda GROUP BY f.venta_id) l ON l.venta_id = v.id_venta
  WHERE v.tienda_id = p_tienda GROUP BY 1, 2, 3, 4, 5, 6, 7;
END $$;
