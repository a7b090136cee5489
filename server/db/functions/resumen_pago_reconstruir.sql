-- A store's payment summary (resumen_pago_dia) rebuilt from its sales and credit movements, folded.
CREATE OR REPLACE FUNCTION resumen_pago_reconstruir(p_tienda integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM resumen_pago_dia WHERE tienda_id = p_tienda;
  INSERT INTO resumen_pago_dia (tienda_id, dia, punto_venta_id, turno_id, usuario_id, metodo_pago_id, ventas, monto, fiado)
  SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, coalesce(v.punto_venta_id, 0), coalesce(v.turno_id, 0), coalesce(v.usuario_id, 0),
    p.metodo, sum(p.ventas), sum(p.monto), sum(p.fiado)
  FROM venta v JOIN tienda t ON t.id_tienda = v.tienda_id CROSS JOIN LATERAL resumen_pago_partes(v.metodo_pago_id, v.total, v.monto_fiado) p
  WHERE v.tienda_id = p_tienda AND v.estado <> 'Anulada'
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO resumen_pago_dia (tienda_id, dia, punto_venta_id, turno_id, usuario_id, metodo_pago_id, cobros, abonos, cargos)
  SELECT c.tienda_id, (c.fecha AT TIME ZONE t.zona_horaria)::date, 0, coalesce(c.turno_id, 0), coalesce(c.usuario_id, 0), coalesce(c.metodo_pago_id, 0),
    count(*) FILTER (WHERE c.tipo = 'abono'), coalesce(-sum(c.monto) FILTER (WHERE c.tipo = 'abono'), 0), coalesce(sum(c.monto) FILTER (WHERE c.tipo = 'cargo'), 0)
  FROM credito_movimiento c JOIN tienda t ON t.id_tienda = c.tienda_id
  WHERE c.tienda_id = p_tienda AND c.tipo IN ('abono', 'cargo')
  GROUP BY 1, 2, 3, 4, 5, 6;
END $$;
