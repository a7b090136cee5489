-- A credit movement's (abono, cargo) part of resumen_pago_dia with the sign given (ADR 032).
CREATE OR REPLACE FUNCTION resumen_pago_abono(c credito_movimiento, signo integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c.tipo IS DISTINCT FROM 'abono' AND c.tipo IS DISTINCT FROM 'cargo' THEN
    RETURN;
  END IF;
  INSERT INTO resumen_pago_dia (tienda_id, dia, punto_venta_id, turno_id, usuario_id, metodo_pago_id, cobros, abonos, cargos)
  SELECT c.tienda_id, (c.fecha AT TIME ZONE t.zona_horaria)::date, 0, coalesce(c.turno_id, 0), coalesce(c.usuario_id, 0), coalesce(c.metodo_pago_id, 0),
    CASE WHEN c.tipo = 'abono' THEN signo ELSE 0 END, CASE WHEN c.tipo = 'abono' THEN -signo * c.monto ELSE 0 END, CASE WHEN c.tipo = 'cargo' THEN signo * c.monto ELSE 0 END
  FROM tienda t WHERE t.id_tienda = c.tienda_id;
END $$;
