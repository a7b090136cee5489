CREATE TABLE "resumen_pago_dia" (
	"tienda_id" integer NOT NULL,
	"dia" date NOT NULL,
	"punto_venta_id" integer NOT NULL,
	"turno_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"metodo_pago_id" integer NOT NULL,
	"ventas" bigint DEFAULT 0 NOT NULL,
	"monto" bigint DEFAULT 0 NOT NULL,
	"fiado" bigint DEFAULT 0 NOT NULL,
	"cobros" bigint DEFAULT 0 NOT NULL,
	"abonos" bigint DEFAULT 0 NOT NULL,
	"cargos" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumen_pago_dia" ADD CONSTRAINT "resumen_pago_dia_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumen_pago_dia_idx" ON "resumen_pago_dia" USING btree ("tienda_id","dia");--> statement-breakpoint
CREATE INDEX "factura_descuento_idx" ON "factura" USING btree ("venta_id") WHERE "factura"."descuento" > 0;--> statement-breakpoint
-- Issue #35, ADR 032: the money per day, till, shift, person and method, kept by row triggers on venta
-- (a non-annulled sale's payment parts, as shared/pago.ts reads them) and credito_movimiento (abonos, cargos).
-- Deltas only (ADR 017): an update takes the old contribution out and puts the new one in.
-- A sale's parts: the one its method covered (method 7 is Fiado: the whole total), the one left on
-- credit, and the fiado it gave on its own method's row (reportes.service.ts reads the same rule).
CREATE OR REPLACE FUNCTION resumen_pago_partes(p_metodo integer, p_total bigint, p_fiado bigint) RETURNS TABLE (metodo integer, ventas integer, monto bigint, fiado bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT p_metodo, 1, CASE WHEN p_metodo = 7 THEN p_total ELSE p_total - p_fiado END, 0::bigint
    WHERE p_metodo = 7 OR p_total - p_fiado > 0 OR p_fiado <= 0
  UNION ALL SELECT 7, 1, p_fiado, 0::bigint WHERE p_metodo <> 7 AND p_fiado > 0
  UNION ALL SELECT p_metodo, 0, 0::bigint, CASE WHEN p_metodo = 7 THEN p_total ELSE p_fiado END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION venta_resumen_pago() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tienda_id, OLD.fecha, OLD.estado, OLD.metodo_pago_id, OLD.total, OLD.monto_fiado, OLD.punto_venta_id, OLD.turno_id, OLD.usuario_id)
     IS NOT DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.estado, NEW.metodo_pago_id, NEW.total, NEW.monto_fiado, NEW.punto_venta_id, NEW.turno_id, NEW.usuario_id) THEN
    RETURN NEW;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM resumen_pago_venta(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM resumen_pago_venta(NEW, 1);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER venta_resumen_pago_ins AFTER INSERT ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_pago();
--> statement-breakpoint
CREATE TRIGGER venta_resumen_pago_upd AFTER UPDATE ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_pago();
--> statement-breakpoint
CREATE TRIGGER venta_resumen_pago_del AFTER DELETE ON venta FOR EACH ROW EXECUTE FUNCTION venta_resumen_pago();
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credito_resumen_pago() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tienda_id, OLD.fecha, OLD.tipo, OLD.monto, OLD.metodo_pago_id, OLD.turno_id, OLD.usuario_id)
     IS NOT DISTINCT FROM (NEW.tienda_id, NEW.fecha, NEW.tipo, NEW.monto, NEW.metodo_pago_id, NEW.turno_id, NEW.usuario_id) THEN
    RETURN NEW;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM resumen_pago_abono(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM resumen_pago_abono(NEW, 1);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER credito_resumen_pago_ins AFTER INSERT ON credito_movimiento FOR EACH ROW EXECUTE FUNCTION credito_resumen_pago();
--> statement-breakpoint
CREATE TRIGGER credito_resumen_pago_upd AFTER UPDATE ON credito_movimiento FOR EACH ROW EXECUTE FUNCTION credito_resumen_pago();
--> statement-breakpoint
CREATE TRIGGER credito_resumen_pago_del AFTER DELETE ON credito_movimiento FOR EACH ROW EXECUTE FUNCTION credito_resumen_pago();
--> statement-breakpoint
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
--> statement-breakpoint
-- A zone change, a restore and the bench's bulk load rebuild every per-day summary through this one
-- function (ADR 028, 031): it now rebuilds the payments' too. Its earlier body, plus one PERFORM.
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
  PERFORM resumen_pago_reconstruir(p_tienda);
END $$;
--> statement-breakpoint
SELECT resumen_pago_reconstruir(id_tienda) FROM tienda;
