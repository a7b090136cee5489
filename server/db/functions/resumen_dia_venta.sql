-- resumen_venta_dia keys by the sale's own till too (punto_venta_id, 0: none) and keeps the smallest and
-- largest store number of the sales each row puts in (primero, ultimo; null on rows that take sales
-- out): the daily close's count, annulled, gross, discounts and first and last number per day and till
-- come from here instead of every sale of the period. The functions below are 0046's (0036's for the
-- venta trigger) with those columns added; the table is rebuilt for every store with sales.
-- A sale the checkout numbers last (ADR 057) goes in with the placeholder -id_venta: it counts here
-- without a number, and venta_resumen_dia adds its number once venta_tomar_numero gives it.
CREATE OR REPLACE FUNCTION resumen_dia_venta(v venta, signo integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_local timestamp;
  v_bruto bigint;
  v_desc bigint;
  v_unidades numeric;
  v_kilos numeric;
  v_litros numeric;
  v_metros numeric;
  v_metros_cuadrados numeric;
  v_galones numeric;
BEGIN
  SELECT v.fecha AT TIME ZONE t.zona_horaria INTO v_local FROM tienda t WHERE t.id_tienda = v.tienda_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF v.estado = 'Anulada' THEN
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, anuladas, monto_anulado, primero, ultimo)
    VALUES (v.tienda_id, v_local::date, extract(hour FROM v_local)::smallint, coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0),
      signo, signo * v.total, CASE WHEN signo > 0 AND v.numero > 0 THEN v.numero END, CASE WHEN signo > 0 AND v.numero > 0 THEN v.numero END);
    RETURN;
  END IF;
  SELECT coalesce(sum(linea_bruto(f.precio, f.cantidad, f.importe)), 0), coalesce(sum(f.descuento), 0), coalesce(sum(cantidad_en('unidades', f.cantidad, f.factor, f.unidad_dian, f.producto_id)), 0),
    coalesce(sum(cantidad_en('kilos', f.cantidad, f.factor, f.unidad_dian, f.producto_id)), 0), coalesce(sum(cantidad_en('litros', f.cantidad, f.factor, f.unidad_dian, f.producto_id)), 0),
    coalesce(sum(cantidad_en('metros', f.cantidad, f.factor, f.unidad_dian, f.producto_id)), 0), coalesce(sum(cantidad_en('metros_cuadrados', f.cantidad, f.factor, f.unidad_dian, f.producto_id)), 0),
    coalesce(sum(cantidad_en('galones', f.cantidad, f.factor, f.unidad_dian, f.producto_id)), 0)
    INTO v_bruto, v_desc, v_unidades, v_kilos, v_litros, v_metros, v_metros_cuadrados, v_galones FROM factura f WHERE f.venta_id = v.id_venta;
  INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, tickets, bruto, descuentos, neto, unidades, kilos, litros, metros, metros_cuadrados, galones, primero, ultimo)
  VALUES (v.tienda_id, v_local::date, extract(hour FROM v_local)::smallint, coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0),
    signo, signo * v_bruto, signo * (v_desc + v.descuento), signo * v.total, signo * v_unidades, signo * v_kilos, signo * v_litros, signo * v_metros, signo * v_metros_cuadrados, signo * v_galones, CASE WHEN signo > 0 AND v.numero > 0 THEN v.numero END, CASE WHEN signo > 0 AND v.numero > 0 THEN v.numero END);
  WITH x AS (
    SELECT v.tienda_id, v_local::date AS dia, f.producto_id, signo * sum(f.cantidad * f.factor) AS cantidad, signo * sum(linea_bruto(f.precio, f.cantidad, f.importe)) AS bruto,
      signo * sum(f.descuento) AS descuentos, signo * coalesce(sum(round(f.cantidad * f.costo_unit)), 0) AS costo,
      signo * coalesce(sum(f.cantidad * f.factor) FILTER (WHERE f.costo_unit IS NULL), 0) AS sin_costo_unit
    FROM factura f WHERE f.venta_id = v.id_venta GROUP BY f.producto_id
  ), d AS (
    INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
    SELECT tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit FROM x
  )
  INSERT INTO resumen_producto_mes (tienda_id, mes, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
  SELECT tienda_id, dia - extract(day FROM dia)::integer + 1, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit FROM x;
END $$;
