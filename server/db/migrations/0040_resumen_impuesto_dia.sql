CREATE TABLE "resumen_impuesto_dia" (
	"tienda_id" integer NOT NULL,
	"dia" date NOT NULL,
	"punto_venta_id" integer NOT NULL,
	"turno_id" integer NOT NULL,
	"impuesto" text NOT NULL,
	"ventas" bigint DEFAULT 0 NOT NULL,
	"lineas" bigint DEFAULT 0 NOT NULL,
	"base" bigint DEFAULT 0 NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumen_impuesto_dia" ADD CONSTRAINT "resumen_impuesto_dia_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumen_impuesto_dia_idx" ON "resumen_impuesto_dia" USING btree ("tienda_id","dia");--> statement-breakpoint
-- ══ Hand-written tail (issue #35, ADR 031): base and tax per day and rate, kept by triggers. ══
-- Everything below this line is hand-written; everything above is drizzle-kit's. Deltas only (ADR 017).
-- One sale's lines split into base and tax (centavos), the rule of shared/impuestos.ts (ADR 021) in SQL:
-- `repartirDescuento` (the sale's discount, capped at what the lines pay, spread in proportion to what
-- each pays, in whole pesos; the leftover pesos to the largest remainders, ties to the earlier line by
-- id_factura), then `desglosarImporte` (a rate r: base = pagado × 100 / (1 + r) rounded half up; the
-- bag's INC a fixed value per unit, never more than the line paid). numeric throughout: div() and mod()
-- truncate toward zero as BigInt does, and no quantity is assumed to be an integer column. A line pays
-- round(precio × cantidad) − descuento: a weighed quantity's amount rounded half up to the peso (ADR 030).
-- reportes.impuestos.property.test.ts checks it equals shared/impuestos.ts to the centavo.
CREATE OR REPLACE FUNCTION impuesto_desglose(lineas factura[], descuento_venta numeric)
RETURNS TABLE (id_factura integer, impuesto text, base numeric, valor numeric) LANGUAGE sql IMMUTABLE AS $$
  WITH l AS (
    SELECT x.id_factura, x.impuesto, x.cantidad::numeric AS cantidad, x.valor_bolsa::numeric AS valor_bolsa,
      round(x.precio::numeric * x.cantidad) - x.descuento AS importe
    FROM unnest(lineas) x
  ), t AS (
    SELECT CASE WHEN descuento_venta > 0 AND sum(importe) > 0 THEN least(descuento_venta, sum(importe)) ELSE 0 END AS d, sum(importe) AS total FROM l
  ), p AS (
    SELECT l.*, t.d,
      CASE WHEN t.d > 0 THEN div(l.importe * t.d, t.total) ELSE 0 END AS parte,
      CASE WHEN t.d > 0 THEN mod(l.importe * t.d, t.total) ELSE 0 END AS resto
    FROM l, t
  ), q AS (
    SELECT p.*, p.d - sum(p.parte) OVER () AS sobra, row_number() OVER (ORDER BY p.resto DESC, p.id_factura) AS rk FROM p
  ), g AS (
    SELECT q.id_factura, q.impuesto, q.cantidad, q.valor_bolsa,
      (q.importe - q.parte - CASE WHEN q.rk <= q.sobra THEN 1 ELSE 0 END) * 100 AS centavos,
      CASE q.impuesto WHEN 'iva19' THEN 1900 WHEN 'iva5' THEN 500 WHEN 'inc8' THEN 800 ELSE 0 END AS puntos
    FROM q
  )
  SELECT g.id_factura, g.impuesto,
    CASE WHEN g.impuesto = 'bolsa' THEN g.centavos - least(greatest(0, coalesce(g.valor_bolsa, 0)) * g.cantidad * 100, g.centavos)
         WHEN g.puntos = 0 THEN g.centavos
         ELSE div(2 * g.centavos * 10000 + (10000 + g.puntos), 2 * (10000 + g.puntos)) END,
    CASE WHEN g.impuesto = 'bolsa' THEN least(greatest(0, coalesce(g.valor_bolsa, 0)) * g.cantidad * 100, g.centavos)
         WHEN g.puntos = 0 THEN 0
         ELSE g.centavos - div(2 * g.centavos * 10000 + (10000 + g.puntos), 2 * (10000 + g.puntos)) END
  FROM g
$$;
--> statement-breakpoint
-- A completed sale's split with the sign given, per rate ('' for lines without a tax); `ventas` 1 on
-- its first rate's row. Lines are passed in (the triggers pass the old or the new set). Skips a store
-- that no longer exists and a sale not completed (the tax report counts only those).
CREATE OR REPLACE FUNCTION resumen_impuesto_venta(v venta, lineas factura[], signo integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_dia date;
BEGIN
  IF v.estado <> 'Completada' OR coalesce(cardinality(lineas), 0) = 0 THEN
    RETURN;
  END IF;
  SELECT (v.fecha AT TIME ZONE t.zona_horaria)::date INTO v_dia FROM tienda t WHERE t.id_tienda = v.tienda_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO resumen_impuesto_dia (tienda_id, dia, punto_venta_id, turno_id, impuesto, ventas, lineas, base, valor)
  SELECT v.tienda_id, v_dia, coalesce(v.punto_venta_id, 0), coalesce(v.turno_id, 0), x.k,
    signo * (x.k = min(x.k) OVER ())::int, signo * count(*), signo * sum(x.base), signo * sum(x.valor)
  FROM (SELECT coalesce(d.impuesto, '') AS k, d.base, d.valor FROM impuesto_desglose(lineas, v.descuento) d) x
  GROUP BY x.k;
END $$;
--> statement-breakpoint
-- A sale inserted, changed in anything the summary keys or splits by (old split out, new in), or
-- deleted (BEFORE, while its lines exist; the cascade on its lines then finds no sale and adds nothing).
CREATE OR REPLACE FUNCTION venta_resumen_impuesto() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_lineas factura[];
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.punto_venta_id, OLD.turno_id, OLD.descuento)
     IS NOT DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.punto_venta_id, NEW.turno_id, NEW.descuento) THEN
    RETURN NEW;
  END IF;
  v_lineas := ARRAY(SELECT f FROM factura f WHERE f.venta_id = coalesce(NEW.id_venta, OLD.id_venta));
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM resumen_impuesto_venta(OLD, v_lineas, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM resumen_impuesto_venta(NEW, v_lineas, 1);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER venta_resumen_impuesto_ins AFTER INSERT ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_impuesto();
--> statement-breakpoint
CREATE TRIGGER venta_resumen_impuesto_upd AFTER UPDATE ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_impuesto();
--> statement-breakpoint
CREATE TRIGGER venta_resumen_impuesto_del BEFORE DELETE ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_impuesto();
--> statement-breakpoint
-- Lines inserted, changed or deleted, once per statement: for each sale they touch (still existing),
-- its split with the lines it had before the statement (its current ones but those the statement wrote,
-- plus those it removed or overwrote) out, its split with its current lines in.
CREATE OR REPLACE FUNCTION factura_resumen_impuesto() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v venta;
  v_ventas integer[] := '{}';
  v_escritas integer[] := '{}';
  v_viejas factura[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    v_escritas := ARRAY(SELECT n.id_factura FROM nuevas n);
    v_ventas := ARRAY(SELECT DISTINCT n.venta_id FROM nuevas n);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    v_viejas := ARRAY(SELECT o FROM viejas o);
    v_ventas := v_ventas || ARRAY(SELECT DISTINCT o.venta_id FROM viejas o);
  END IF;
  FOR v IN SELECT s.* FROM venta s WHERE s.id_venta = ANY (v_ventas) AND s.estado = 'Completada' LOOP
    PERFORM resumen_impuesto_venta(v, ARRAY(
      SELECT f FROM factura f WHERE f.venta_id = v.id_venta AND f.id_factura <> ALL (v_escritas)
      UNION ALL SELECT o FROM unnest(v_viejas) o WHERE o.venta_id = v.id_venta), -1);
    PERFORM resumen_impuesto_venta(v, ARRAY(SELECT f FROM factura f WHERE f.venta_id = v.id_venta), 1);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER factura_resumen_impuesto_ins AFTER INSERT ON factura REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_impuesto();
--> statement-breakpoint
CREATE TRIGGER factura_resumen_impuesto_upd AFTER UPDATE ON factura REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_impuesto();
--> statement-breakpoint
CREATE TRIGGER factura_resumen_impuesto_del AFTER DELETE ON factura REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_impuesto();
--> statement-breakpoint
-- The same split over every line of every sale at once, partitioned by sale (set-based, for the
-- rebuild of many sales: one call of impuesto_desglose per sale was ~3 ms each). The same rule as
-- impuesto_desglose, statement by statement; the property test checks both against shared/impuestos.ts.
CREATE OR REPLACE VIEW factura_desglose AS
  WITH l AS (
    SELECT f.tienda_id, f.venta_id, f.id_factura, f.impuesto, f.cantidad::numeric AS cantidad, f.valor_bolsa::numeric AS valor_bolsa,
      round(f.precio::numeric * f.cantidad) - f.descuento AS importe, v.descuento::numeric AS descuento_venta
    FROM factura f JOIN venta v ON v.id_venta = f.venta_id
  ), t AS (
    SELECT l.*, sum(l.importe) OVER (PARTITION BY l.tienda_id, l.venta_id) AS total FROM l
  ), p AS (
    SELECT t.*, CASE WHEN t.descuento_venta > 0 AND t.total > 0 THEN least(t.descuento_venta, t.total) ELSE 0 END AS d FROM t
  ), r AS (
    SELECT p.*, CASE WHEN p.d > 0 THEN div(p.importe * p.d, p.total) ELSE 0 END AS parte, CASE WHEN p.d > 0 THEN mod(p.importe * p.d, p.total) ELSE 0 END AS resto FROM p
  ), q AS (
    SELECT r.*, r.d - sum(r.parte) OVER (PARTITION BY r.tienda_id, r.venta_id) AS sobra,
      row_number() OVER (PARTITION BY r.tienda_id, r.venta_id ORDER BY r.resto DESC, r.id_factura) AS rk FROM r
  ), g AS (
    SELECT q.tienda_id, q.venta_id, q.id_factura, q.impuesto, q.cantidad, q.valor_bolsa,
      (q.importe - q.parte - CASE WHEN q.rk <= q.sobra THEN 1 ELSE 0 END) * 100 AS centavos,
      CASE q.impuesto WHEN 'iva19' THEN 1900 WHEN 'iva5' THEN 500 WHEN 'inc8' THEN 800 ELSE 0 END AS puntos
    FROM q
  )
  SELECT g.tienda_id, g.venta_id, g.id_factura, g.impuesto,
    CASE WHEN g.impuesto = 'bolsa' THEN g.centavos - least(greatest(0, coalesce(g.valor_bolsa, 0)) * g.cantidad * 100, g.centavos)
         WHEN g.puntos = 0 THEN g.centavos
         ELSE div(2 * g.centavos * 10000 + (10000 + g.puntos), 2 * (10000 + g.puntos)) END AS base,
    CASE WHEN g.impuesto = 'bolsa' THEN least(greatest(0, coalesce(g.valor_bolsa, 0)) * g.cantidad * 100, g.centavos)
         WHEN g.puntos = 0 THEN 0
         ELSE g.centavos - div(2 * g.centavos * 10000 + (10000 + g.puntos), 2 * (10000 + g.puntos)) END AS valor
  FROM g;
--> statement-breakpoint
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
--> statement-breakpoint
-- The store's per-day summaries rebuilt (a zone change, a restore, a bulk load) now include the taxes':
-- 0036's body, unchanged, plus the call to resumen_impuesto_reconstruir.
CREATE OR REPLACE FUNCTION resumen_dia_reconstruir(p_tienda integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM resumen_venta_dia WHERE tienda_id = p_tienda;
  DELETE FROM resumen_producto_dia WHERE tienda_id = p_tienda;
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
  LEFT JOIN (SELECT f.venta_id, sum(round(f.precio * f.cantidad)) AS bruto, sum(f.descuento) AS descuento, sum(f.cantidad) AS unidades FROM factura f WHERE f.tienda_id = p_tienda GROUP BY f.venta_id) l ON l.venta_id = v.id_venta
  WHERE v.tienda_id = p_tienda GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
  SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, f.producto_id, sum(f.cantidad), sum(round(f.precio * f.cantidad)), sum(f.descuento),
    coalesce(sum(round(f.cantidad * f.costo_unit)), 0), coalesce(sum(f.cantidad) FILTER (WHERE f.costo_unit IS NULL), 0)
  FROM factura f JOIN venta v ON v.id_venta = f.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
  WHERE v.tienda_id = p_tienda AND v.estado <> 'Anulada' GROUP BY 1, 2, 3;
  PERFORM resumen_impuesto_reconstruir(p_tienda);
END $$;
--> statement-breakpoint
-- The sales already recorded, once.
SELECT resumen_impuesto_reconstruir(id_tienda) FROM tienda;
