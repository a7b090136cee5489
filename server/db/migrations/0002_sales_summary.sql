CREATE TABLE "venta_producto_resumen" (
	"tienda_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"cantidad_vendida" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "venta_producto_resumen_tienda_id_producto_id_pk" PRIMARY KEY("tienda_id","producto_id")
);
--> statement-breakpoint
ALTER TABLE "venta_producto_resumen" ADD CONSTRAINT "venta_producto_resumen_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_producto_resumen" ADD CONSTRAINT "venta_producto_resumen_producto_id_producto_id_producto_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."producto"("id_producto") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venta_producto_resumen_orden_idx" ON "venta_producto_resumen" USING btree ("tienda_id","cantidad_vendida");--> statement-breakpoint
CREATE FUNCTION resumen_sumar(p_tienda integer, p_producto integer, p_delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta = 0 THEN RETURN; END IF;
  -- A store or product being deleted (cascades) has no summary to keep.
  IF NOT EXISTS (SELECT 1 FROM tienda WHERE id_tienda = p_tienda) OR NOT EXISTS (SELECT 1 FROM producto WHERE id_producto = p_producto) THEN RETURN; END IF;
  INSERT INTO venta_producto_resumen (tienda_id, producto_id, cantidad_vendida) VALUES (p_tienda, p_producto, p_delta)
  ON CONFLICT (tienda_id, producto_id) DO UPDATE SET cantidad_vendida = venta_producto_resumen.cantidad_vendida + EXCLUDED.cantidad_vendida;
END $$;
--> statement-breakpoint
CREATE FUNCTION resumen_factura() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_estado text;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT estado INTO v_estado FROM venta WHERE id_venta = OLD.venta_id;
    -- A missing sale is being deleted: its own trigger already took its lines out.
    IF FOUND AND v_estado <> 'Anulada' THEN PERFORM resumen_sumar(OLD.tienda_id, OLD.producto_id, -OLD.cantidad); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT estado INTO v_estado FROM venta WHERE id_venta = NEW.venta_id;
    IF FOUND AND v_estado <> 'Anulada' THEN PERFORM resumen_sumar(NEW.tienda_id, NEW.producto_id, NEW.cantidad); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER factura_resumen AFTER INSERT OR UPDATE OF cantidad, producto_id, venta_id, tienda_id OR DELETE ON factura
FOR EACH ROW EXECUTE FUNCTION resumen_factura();
--> statement-breakpoint
CREATE FUNCTION resumen_venta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signo integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.estado <> 'Anulada' THEN
      PERFORM resumen_sumar(f.tienda_id, f.producto_id, -f.cantidad) FROM factura f WHERE f.venta_id = OLD.id_venta;
    END IF;
    RETURN OLD;
  END IF;
  IF (OLD.estado = 'Anulada') = (NEW.estado = 'Anulada') THEN RETURN NULL; END IF;
  signo := CASE WHEN NEW.estado = 'Anulada' THEN -1 ELSE 1 END;
  PERFORM resumen_sumar(f.tienda_id, f.producto_id, signo * f.cantidad) FROM factura f WHERE f.venta_id = NEW.id_venta;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER venta_resumen_estado AFTER UPDATE OF estado ON venta FOR EACH ROW EXECUTE FUNCTION resumen_venta();
--> statement-breakpoint
CREATE TRIGGER venta_resumen_borrado BEFORE DELETE ON venta FOR EACH ROW EXECUTE FUNCTION resumen_venta();
--> statement-breakpoint
INSERT INTO venta_producto_resumen (tienda_id, producto_id, cantidad_vendida)
SELECT f.tienda_id, f.producto_id, sum(f.cantidad) FROM factura f JOIN venta v ON v.id_venta = f.venta_id
WHERE v.estado <> 'Anulada' GROUP BY f.tienda_id, f.producto_id;
