CREATE TABLE "resumen_producto_mes" (
	"tienda_id" integer NOT NULL,
	"mes" date NOT NULL,
	"producto_id" integer NOT NULL,
	"cantidad" numeric(15, 3) DEFAULT 0 NOT NULL,
	"bruto" bigint DEFAULT 0 NOT NULL,
	"descuentos" bigint DEFAULT 0 NOT NULL,
	"costo" bigint DEFAULT 0 NOT NULL,
	"sin_costo_unit" numeric(15, 3) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumen_producto_mes" ADD CONSTRAINT "resumen_producto_mes_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumen_producto_mes_idx" ON "resumen_producto_mes" USING btree ("tienda_id","mes");--> statement-breakpoint
CREATE INDEX "venta_anulada_idx" ON "venta" USING btree ("tienda_id","fecha") WHERE "venta"."estado" = 'Anulada';--> statement-breakpoint
CREATE INDEX "venta_autorizada_idx" ON "venta" USING btree ("tienda_id","fecha") WHERE "venta"."autorizado_por" is not null or "venta"."autorizado_por_tienda";--> statement-breakpoint
-- ══ Hand-written tail (issue #35, ADR 035; issue #33's packs, ADR 033) ══
-- 1. Quantities are units: a line sold as a pack (factura.factor > 1, cantidad in packs) counts
--    factor × packs in every summary that stores quantities: resumen_venta_dia.unidades,
--    resumen_producto_dia.cantidad and .sin_costo_unit (the reader prices those at the product's average
--    unit cost), venta_producto_resumen (popularity, the till's grid). `costo` was already right: a pack
--    line's costo_unit is factor × the unit's average cost (ADR 033).
-- 2. resumen_producto_mes: the products' summary per calendar month of the store's zone, written in the
--    same statements as resumen_producto_dia (each delta to both), rebuilt with it.
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
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, anuladas, monto_anulado)
    VALUES (v.tienda_id, v_local::date, extract(hour FROM v_local)::smallint, coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, signo, signo * v.total);
    RETURN;
  END IF;
  SELECT coalesce(sum(round(f.precio * f.cantidad)), 0), coalesce(sum(f.descuento), 0), coalesce(sum(f.cantidad * f.factor), 0)
    INTO v_bruto, v_desc, v_unidades FROM factura f WHERE f.venta_id = v.id_venta;
  INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, tickets, bruto, descuentos, neto, unidades)
  VALUES (v.tienda_id, v_local::date, extract(hour FROM v_local)::smallint, coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id,
    signo, signo * v_bruto, signo * (v_desc + v.descuento), signo * v.total, signo * v_unidades);
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
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, bruto, descuentos, unidades)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, -sum(round(l.precio * l.cantidad)), -sum(l.descuento), -sum(l.cantidad * l.factor)
    FROM viejas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3, 4, 5, 6;
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
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, bruto, descuentos, unidades)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, sum(round(l.precio * l.cantidad)), sum(l.descuento), sum(l.cantidad * l.factor)
    FROM nuevas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3, 4, 5, 6;
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
-- 0041's body with units (factor × cantidad), plus the monthly table summed from the daily one.
CREATE OR REPLACE FUNCTION resumen_dia_reconstruir(p_tienda integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM resumen_venta_dia WHERE tienda_id = p_tienda;
  DELETE FROM resumen_producto_dia WHERE tienda_id = p_tienda;
  DELETE FROM resumen_producto_mes WHERE tienda_id = p_tienda;
  INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, tickets, bruto, descuentos, neto, unidades, anuladas, monto_anulado)
  SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
    coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id,
    count(*) FILTER (WHERE v.estado <> 'Anulada'),
    coalesce(sum(l.bruto) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(coalesce(l.descuento, 0) + v.descuento) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(v.total) FILTER (WHERE v.estado <> 'Anulada'), 0),
    coalesce(sum(l.unidades) FILTER (WHERE v.estado <> 'Anulada'), 0),
    count(*) FILTER (WHERE v.estado = 'Anulada'),
    coalesce(sum(v.total) FILTER (WHERE v.estado = 'Anulada'), 0)
  FROM venta v JOIN tienda t ON t.id_tienda = v.tienda_id
  LEFT JOIN (SELECT f.venta_id, sum(round(f.precio * f.cantidad)) AS bruto, sum(f.descuento) AS descuento, sum(f.cantidad * f.factor) AS unidades FROM factura f WHERE f.tienda_id = p_tienda GROUP BY f.venta_id) l ON l.venta_id = v.id_venta
  WHERE v.tienda_id = p_tienda GROUP BY 1, 2, 3, 4, 5, 6;
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
-- The sales-per-product counts (migration 0002, the popularity analysis and the till's grid) in units.
CREATE OR REPLACE FUNCTION resumen_factura() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_estado text;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT estado INTO v_estado FROM venta WHERE id_venta = OLD.venta_id;
    -- A missing sale is being deleted: its own trigger already took its lines out.
    IF FOUND AND v_estado <> 'Anulada' THEN PERFORM resumen_sumar(OLD.tienda_id, OLD.producto_id, -OLD.cantidad * OLD.factor); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT estado INTO v_estado FROM venta WHERE id_venta = NEW.venta_id;
    IF FOUND AND v_estado <> 'Anulada' THEN PERFORM resumen_sumar(NEW.tienda_id, NEW.producto_id, NEW.cantidad * NEW.factor); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumen_venta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signo integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.estado <> 'Anulada' THEN
      PERFORM resumen_sumar(f.tienda_id, f.producto_id, -f.cantidad * f.factor) FROM factura f WHERE f.venta_id = OLD.id_venta;
    END IF;
    RETURN OLD;
  END IF;
  IF (OLD.estado = 'Anulada') = (NEW.estado = 'Anulada') THEN RETURN NULL; END IF;
  signo := CASE WHEN NEW.estado = 'Anulada' THEN -1 ELSE 1 END;
  PERFORM resumen_sumar(f.tienda_id, f.producto_id, signo * f.cantidad * f.factor) FROM factura f WHERE f.venta_id = NEW.id_venta;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER factura_resumen ON factura;
--> statement-breakpoint
CREATE TRIGGER factura_resumen AFTER INSERT OR UPDATE OF cantidad, factor, producto_id, venta_id, tienda_id OR DELETE ON factura
FOR EACH ROW EXECUTE FUNCTION resumen_factura();
--> statement-breakpoint
-- Backfill: the popularity counts of pack lines sold so far get their missing (factor − 1) × packs;
-- the monthly table is summed from the daily one; a store that sold packs has its summaries rebuilt.
SELECT resumen_sumar(f.tienda_id, f.producto_id, sum(f.cantidad * (f.factor - 1)))
FROM factura f JOIN venta v ON v.id_venta = f.venta_id
WHERE f.factor > 1 AND v.estado <> 'Anulada' GROUP BY f.tienda_id, f.producto_id;
--> statement-breakpoint
INSERT INTO resumen_producto_mes (tienda_id, mes, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
SELECT tienda_id, dia - extract(day FROM dia)::integer + 1, producto_id, sum(cantidad), sum(bruto), sum(descuentos), sum(costo), sum(sin_costo_unit)
FROM resumen_producto_dia GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT resumen_dia_reconstruir(t.id_tienda) FROM tienda t WHERE EXISTS (SELECT 1 FROM factura f WHERE f.tienda_id = t.id_tienda AND f.factor > 1);
