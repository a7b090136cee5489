CREATE TABLE "venta_conteo" (
	"tienda_id" integer NOT NULL,
	"estado" text NOT NULL,
	"ventas" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venta_resumen_cantidad" (
	"tienda_id" integer NOT NULL,
	"cantidad" bigint NOT NULL,
	"productos" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venta_conteo" ADD CONSTRAINT "venta_conteo_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_resumen_cantidad" ADD CONSTRAINT "venta_resumen_cantidad_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venta_conteo_idx" ON "venta_conteo" USING btree ("tienda_id","estado");--> statement-breakpoint
CREATE INDEX "venta_resumen_cantidad_idx" ON "venta_resumen_cantidad" USING btree ("tienda_id","cantidad");--> statement-breakpoint
-- Issue #20 (ADR 017): the analysis' totals and classes, and the invoice pager's count, from counts
-- kept by triggers instead of reading every product or every sale of the store. Only deltas are
-- inserted (never an UPDATE of a shared row), so concurrent sales never wait on each other here.
CREATE FUNCTION resumen_cantidad() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.tienda_id = NEW.tienda_id AND OLD.cantidad_vendida = NEW.cantidad_vendida THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.cantidad_vendida > 0 THEN
    -- A store being deleted (cascades) has no counts to keep.
    IF EXISTS (SELECT 1 FROM tienda WHERE id_tienda = OLD.tienda_id) THEN
      INSERT INTO venta_resumen_cantidad (tienda_id, cantidad, productos) VALUES (OLD.tienda_id, OLD.cantidad_vendida, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.cantidad_vendida > 0 THEN
    INSERT INTO venta_resumen_cantidad (tienda_id, cantidad, productos) VALUES (NEW.tienda_id, NEW.cantidad_vendida, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER venta_producto_resumen_cantidad AFTER INSERT OR UPDATE OR DELETE ON venta_producto_resumen
FOR EACH ROW EXECUTE FUNCTION resumen_cantidad();
--> statement-breakpoint
CREATE FUNCTION conteo_venta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.tienda_id = NEW.tienda_id AND OLD.estado = NEW.estado THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM tienda WHERE id_tienda = OLD.tienda_id) THEN
      INSERT INTO venta_conteo (tienda_id, estado, ventas) VALUES (OLD.tienda_id, OLD.estado, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO venta_conteo (tienda_id, estado, ventas) VALUES (NEW.tienda_id, NEW.estado, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER venta_conteo AFTER INSERT OR UPDATE OF estado, tienda_id OR DELETE ON venta
FOR EACH ROW EXECUTE FUNCTION conteo_venta();
--> statement-breakpoint
INSERT INTO venta_resumen_cantidad (tienda_id, cantidad, productos)
SELECT tienda_id, cantidad_vendida, count(*) FROM venta_producto_resumen WHERE cantidad_vendida > 0 GROUP BY tienda_id, cantidad_vendida;
--> statement-breakpoint
INSERT INTO venta_conteo (tienda_id, estado, ventas)
SELECT tienda_id, estado, count(*) FROM venta GROUP BY tienda_id, estado;
