ALTER TABLE "resumen_venta_dia" ADD COLUMN "punto_venta_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumen_venta_dia" ADD COLUMN "primero" integer;--> statement-breakpoint
ALTER TABLE "resumen_venta_dia" ADD COLUMN "ultimo" integer;
--> statement-breakpoint
-- ══ Hand-written tail (issue #35, ADR 037) ══
-- resumen_venta_dia keys by the sale's own till too (punto_venta_id, 0: none) and keeps the smallest and
-- largest store number of the sales each row puts in (primero, ultimo; null on rows that take sales
-- out): the daily close's count, annulled, gross, discounts and first and last number per day and till
-- come from here instead of every sale of the period. The functions below are 0046's (0036's for the
-- venta trigger) with those columns added; the table is rebuilt for every store with sales.
CREATE OR REPLACE FUNCTION resumen_dia_venta(v venta, signo integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_local timestamp;
  v_bruto bigint;
  v_desc bigint;
  v_unidades numeric;
BEGIN
  SELECT v.fecha AT TIME ZONE t.zona_horaria INTO v_local FROM tienda t WHERE t.id_tienda = v.tienda_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF v.estado = 'Anulada' THEN
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, anuladas, monto_anulado, primero, ultimo)
    VALUES (v.tienda_id, v_local::date, extract(hour FROM v_local)::smallint, coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0),
      signo, signo * v.total, CASE WHEN signo > 0 THEN v.numero END, CASE WHEN signo > 0 THEN v.numero END);
    RETURN;
  END IF;
  SELECT coalesce(sum(round(f.precio * f.cantidad)), 0), coalesce(sum(f.descuento), 0), coalesce(sum(f.cantidad * f.factor), 0)
    INTO v_bruto, v_desc, v_unidades FROM factura f WHERE f.venta_id = v.id_venta;
  INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, tickets, bruto, descuentos, neto, unidades, primero, ultimo)
  VALUES (v.tienda_id, v_local::date, extract(hour FROM v_local)::smallint, coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0),
    signo, signo * v_bruto, signo * (v_desc + v.descuento), signo * v.total, signo * v_unidades, CASE WHEN signo > 0 THEN v.numero END, CASE WHEN signo > 0 THEN v.numero END);
  WITH x AS (
    SELECT v.tienda_id, v_local::date AS dia, f.producto_id, signo * sum(f.cantidad * f.factor) AS cantidad, signo * sum(round(f.precio * f.cantidad)) AS bruto,
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION factura_resumen_dia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, bruto, descuentos, unidades)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0), -sum(round(l.precio * l.cantidad)), -sum(l.descuento), -sum(l.cantidad * l.factor)
    FROM viejas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3, 4, 5, 6, 7;
    WITH x AS (
      SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date AS dia, l.producto_id, -sum(l.cantidad * l.factor) AS cantidad, -sum(round(l.precio * l.cantidad)) AS bruto,
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
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, bruto, descuentos, unidades)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0), sum(round(l.precio * l.cantidad)), sum(l.descuento), sum(l.cantidad * l.factor)
    FROM nuevas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3, 4, 5, 6, 7;
    WITH x AS (
      SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date AS dia, l.producto_id, sum(l.cantidad * l.factor) AS cantidad, sum(round(l.precio * l.cantidad)) AS bruto,
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION venta_resumen_dia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumen_dia_venta(NEW, 1);
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM resumen_dia_venta(OLD, -1);
    RETURN OLD;
  END IF;
  IF (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.usuario_id, OLD.turno_id, OLD.metodo_pago_id, OLD.total, OLD.descuento, OLD.punto_venta_id, OLD.numero)
     IS DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.usuario_id, NEW.turno_id, NEW.metodo_pago_id, NEW.total, NEW.descuento, NEW.punto_venta_id, NEW.numero) THEN
    PERFORM resumen_dia_venta(OLD, -1);
    PERFORM resumen_dia_venta(NEW, 1);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The sales' summary alone, rebuilt from the store's sales and lines (resumen_dia_reconstruir calls it).
CREATE OR REPLACE FUNCTION resumen_venta_dia_reconstruir(p_tienda integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM resumen_venta_dia WHERE tienda_id = p_tienda;
  INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, punto_venta_id, tickets, bruto, descuentos, neto, unidades, anuladas, monto_anulado, primero, ultimo)
  SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
    coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, coalesce(v.punto_venta_id, 0),
    count(*) FILTER (WHERE v.estado <> 'Anulada'),
    coalesce(sum(l.bruto) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(coalesce(l.descuento, 0) + v.descuento) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(v.total) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(l.unidades) FILTER (WHERE v.estado <> 'Anulada'), 0),
    count(*) FILTER (WHERE v.estado = 'Anulada'),
    coalesce(sum(v.total) FILTER (WHERE v.estado = 'Anulada'), 0),
    min(v.numero), max(v.numero)
  FROM venta v JOIN tienda t ON t.id_tienda = v.tienda_id
  LEFT JOIN (SELECT f.venta_id, sum(round(f.precio * f.cantidad)) AS bruto, sum(f.descuento) AS descuento, sum(f.cantidad * f.factor) AS unidades FROM factura f WHERE f.tienda_id = p_tienda GROUP BY f.venta_id) l ON l.venta_id = v.id_venta
  WHERE v.tienda_id = p_tienda GROUP BY 1, 2, 3, 4, 5, 6, 7;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumen_dia_reconstruir(p_tienda integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM resumen_producto_dia WHERE tienda_id = p_tienda;
  DELETE FROM resumen_producto_mes WHERE tienda_id = p_tienda;
  PERFORM resumen_venta_dia_reconstruir(p_tienda);
  INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
  SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, f.producto_id, sum(f.cantidad * f.factor), sum(round(f.precio * f.cantidad)), sum(f.descuento),
    coalesce(sum(round(f.cantidad * f.costo_unit)), 0), coalesce(sum(f.cantidad * f.factor) FILTER (WHERE f.costo_unit IS NULL), 0)
  FROM factura f JOIN venta v ON v.id_venta = f.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
  WHERE v.tienda_id = p_tienda AND v.estado <> 'Anulada' GROUP BY 1, 2, 3;
  INSERT INTO resumen_producto_mes (tienda_id, mes, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
  SELECT tienda_id, dia - extract(day FROM dia)::integer + 1, producto_id, sum(cantidad), sum(bruto), sum(descuentos), sum(costo), sum(sin_costo_unit)
  FROM resumen_producto_dia WHERE tienda_id = p_tienda GROUP BY 1, 2, 3;
  PERFORM resumen_impuesto_reconstruir(p_tienda);
  PERFORM resumen_pago_reconstruir(p_tienda);
END $$;
--> statement-breakpoint
SELECT resumen_venta_dia_reconstruir(t.id_tienda) FROM tienda t WHERE EXISTS (SELECT 1 FROM venta v WHERE v.tienda_id = t.id_tienda);
