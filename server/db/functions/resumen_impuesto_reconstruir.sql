-- A store's tax summary from its completed sales, folded (one row per key).
CREATE OR REPLACE FUNCTION resumen_impuesto_reconstruir(p_tienda integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM resumen_impuesto_dia WHERE tienda_id = p_tienda;
  INSERT INTO resumen_impuesto_dia (tienda_id, dia, punto_venta_id, turno_id, impuesto, ventas, lineas, base, valor)
  SELECT x.tienda_id, x.dia, x.pv, x.tu, x.k, sum(x.ventas), sum(x.lineas), sum(x.base), sum(x.valor)
  FROM (
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date AS dia, coalesce(v.punto_venta_id, 0) AS pv, coalesce(v.turno_id, 0) AS tu, s.k,
      (s.k = min(s.k) OVER (PARTITION BY v.id_venta))::int AS ventas, s.lineas, s.base, s.valor
    FROM (
      SELECT d.venta_id, coalesce(d.impuesto, '') AS k, count(*) AS lineas, sum(d.base) AS base, sum(d.valor) AS valor
      FROM factura_desglose d WHERE d.tienda_id = p_tienda GROUP BY 1, 2
    ) s
    JOIN venta v ON v.id_venta = s.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado = 'Completada'
  ) x
  GROUP BY 1, 2, 3, 4, 5;
END $$;
