CREATE TABLE "resumen_producto_dia" (
	"tienda_id" integer NOT NULL,
	"dia" date NOT NULL,
	"producto_id" integer NOT NULL,
	"cantidad" bigint DEFAULT 0 NOT NULL,
	"bruto" bigint DEFAULT 0 NOT NULL,
	"descuentos" bigint DEFAULT 0 NOT NULL,
	"costo" bigint DEFAULT 0 NOT NULL,
	"sin_costo_unit" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumen_venta_dia" (
	"tienda_id" integer NOT NULL,
	"dia" date NOT NULL,
	"hora" smallint NOT NULL,
	"usuario_id" integer NOT NULL,
	"turno_id" integer NOT NULL,
	"metodo_pago_id" integer NOT NULL,
	"tickets" bigint DEFAULT 0 NOT NULL,
	"bruto" bigint DEFAULT 0 NOT NULL,
	"descuentos" bigint DEFAULT 0 NOT NULL,
	"neto" bigint DEFAULT 0 NOT NULL,
	"unidades" bigint DEFAULT 0 NOT NULL,
	"anuladas" bigint DEFAULT 0 NOT NULL,
	"monto_anulado" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumen_producto_dia" ADD CONSTRAINT "resumen_producto_dia_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumen_venta_dia" ADD CONSTRAINT "resumen_venta_dia_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumen_producto_dia_idx" ON "resumen_producto_dia" USING btree ("tienda_id","dia");--> statement-breakpoint
CREATE INDEX "resumen_venta_dia_idx" ON "resumen_venta_dia" USING btree ("tienda_id","dia");--> statement-breakpoint
-- ══ Hand-written tail (issue #35 point 3, ADR 028): the per-day summaries' triggers and rebuild. ══
-- Everything below this line is hand-written; everything above is drizzle-kit's. Deltas only (ADR 017).
-- A sale's contribution to both summaries, with the sign given: its own row (tickets, net, the sale's
-- discount, or the annulled count) plus its current lines (gross, line discounts, units; products).
-- Skips a store that no longer exists (a store being deleted cascades its sales).
CREATE OR REPLACE FUNCTION resumen_dia_venta(v venta, signo integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_local timestamp;
  v_bruto bigint;
  v_desc bigint;
  v_unidades bigint;
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
  SELECT coalesce(sum(f.precio * f.cantidad), 0), coalesce(sum(f.descuento), 0), coalesce(sum(f.cantidad), 0)
    INTO v_bruto, v_desc, v_unidades FROM factura f WHERE f.venta_id = v.id_venta;
  INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, tickets, bruto, descuentos, neto, unidades)
  VALUES (v.tienda_id, v_local::date, extract(hour FROM v_local)::smallint, coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id,
    signo, signo * v_bruto, signo * (v_desc + v.descuento), signo * v.total, signo * v_unidades);
  INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
  SELECT v.tienda_id, v_local::date, f.producto_id, signo * sum(f.cantidad), signo * sum(f.precio * f.cantidad), signo * sum(f.descuento),
    signo * coalesce(sum(f.cantidad * f.costo_unit), 0), signo * coalesce(sum(f.cantidad) FILTER (WHERE f.costo_unit IS NULL), 0)
  FROM factura f WHERE f.venta_id = v.id_venta GROUP BY f.producto_id;
END $$;
--> statement-breakpoint
-- A sale: inserted (its lines come after, through the factura trigger), changed in anything the
-- summaries key or sum by (its old contribution out, its new one in), or deleted (BEFORE, while its
-- lines still exist: the cascade that deletes them then finds no sale and adds nothing).
CREATE OR REPLACE FUNCTION venta_resumen_dia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumen_dia_venta(NEW, 1);
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM resumen_dia_venta(OLD, -1);
    RETURN OLD;
  END IF;
  IF (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.usuario_id, OLD.turno_id, OLD.metodo_pago_id, OLD.total, OLD.descuento)
     IS DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.usuario_id, NEW.turno_id, NEW.metodo_pago_id, NEW.total, NEW.descuento) THEN
    PERFORM resumen_dia_venta(OLD, -1);
    PERFORM resumen_dia_venta(NEW, 1);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER venta_resumen_dia_ins AFTER INSERT ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_dia();
--> statement-breakpoint
CREATE TRIGGER venta_resumen_dia_upd AFTER UPDATE ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_dia();
--> statement-breakpoint
CREATE TRIGGER venta_resumen_dia_del BEFORE DELETE ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_dia();
--> statement-breakpoint
-- Lines inserted, changed or deleted, once per statement (a checkout's lines are one INSERT): their
-- part of gross, line discounts and units, and of the products' summary, for sales not annulled. A
-- line whose sale is gone (a sale's deletion cascading) adds nothing: the sale's trigger took it out.
CREATE OR REPLACE FUNCTION factura_resumen_dia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, bruto, descuentos, unidades)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, -sum(l.precio * l.cantidad), -sum(l.descuento), -sum(l.cantidad)
    FROM viejas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3, 4, 5, 6;
    INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, l.producto_id, -sum(l.cantidad), -sum(l.precio * l.cantidad), -sum(l.descuento),
      -coalesce(sum(l.cantidad * l.costo_unit), 0), -coalesce(sum(l.cantidad) FILTER (WHERE l.costo_unit IS NULL), 0)
    FROM viejas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO resumen_venta_dia (tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, bruto, descuentos, unidades)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, extract(hour FROM v.fecha AT TIME ZONE t.zona_horaria)::smallint,
      coalesce(v.usuario_id, 0), coalesce(v.turno_id, 0), v.metodo_pago_id, sum(l.precio * l.cantidad), sum(l.descuento), sum(l.cantidad)
    FROM nuevas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3, 4, 5, 6;
    INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
    SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, l.producto_id, sum(l.cantidad), sum(l.precio * l.cantidad), sum(l.descuento),
      coalesce(sum(l.cantidad * l.costo_unit), 0), coalesce(sum(l.cantidad) FILTER (WHERE l.costo_unit IS NULL), 0)
    FROM nuevas l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
    WHERE v.estado <> 'Anulada' GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER factura_resumen_dia_ins AFTER INSERT ON factura REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_dia();
--> statement-breakpoint
CREATE TRIGGER factura_resumen_dia_upd AFTER UPDATE ON factura REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_dia();
--> statement-breakpoint
CREATE TRIGGER factura_resumen_dia_del AFTER DELETE ON factura REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION factura_resumen_dia();
--> statement-breakpoint
-- A store's summaries from its sales and lines, folded (one row per key): after a change of its time
-- zone (its days move), and after a bulk load with the triggers off (scripts/bench-*.ts).
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
  LEFT JOIN (SELECT f.venta_id, sum(f.precio * f.cantidad) AS bruto, sum(f.descuento) AS descuento, sum(f.cantidad) AS unidades FROM factura f WHERE f.tienda_id = p_tienda GROUP BY f.venta_id) l ON l.venta_id = v.id_venta
  WHERE v.tienda_id = p_tienda GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO resumen_producto_dia (tienda_id, dia, producto_id, cantidad, bruto, descuentos, costo, sin_costo_unit)
  SELECT v.tienda_id, (v.fecha AT TIME ZONE t.zona_horaria)::date, f.producto_id, sum(f.cantidad), sum(f.precio * f.cantidad), sum(f.descuento),
    coalesce(sum(f.cantidad * f.costo_unit), 0), coalesce(sum(f.cantidad) FILTER (WHERE f.costo_unit IS NULL), 0)
  FROM factura f JOIN venta v ON v.id_venta = f.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
  WHERE v.tienda_id = p_tienda AND v.estado <> 'Anulada' GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tienda_resumen_dia_zona() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM resumen_dia_reconstruir(NEW.id_tienda);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tienda_resumen_dia_zona AFTER UPDATE OF zona_horaria ON tienda FOR EACH ROW WHEN (OLD.zona_horaria IS DISTINCT FROM NEW.zona_horaria) EXECUTE FUNCTION tienda_resumen_dia_zona();
--> statement-breakpoint
-- The sales already recorded, once.
SELECT resumen_dia_reconstruir(id_tienda) FROM tienda;
