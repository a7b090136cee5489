-- A non-annulled sale's payment parts (resumen_pago_partes) added to resumen_pago_dia with the sign given
-- (ADR 032).
CREATE OR REPLACE FUNCTION resumen_pago_venta(v venta, signo integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_dia date;
BEGIN
  IF NOT coalesce(v.estado <> 'Anulada', false) THEN
    RETURN;
  END IF;
  SELECT (v.fecha AT TIME ZONE t.zona_horaria)::date INTO v_dia FROM tienda t WHERE t.id_tienda = v.tienda_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO resumen_pago_dia (tienda_id, dia, punto_venta_id, turno_id, usuario_id, metodo_pago_id, ventas, monto, fiado)
  SELECT v.tienda_id, v_dia, coalesce(v.punto_venta_id, 0), coalesce(v.turno_id, 0), coalesce(v.usuario_id, 0),
    p.metodo, signo * sum(p.ventas), signo * sum(p.monto), signo * sum(p.fiado)
  FROM resumen_pago_partes(v.metodo_pago_id, v.total, v.monto_fiado) p
  GROUP BY p.metodo;
END $$;
