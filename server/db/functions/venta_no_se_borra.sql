-- A completed sale is never deleted (issue #51 point 2), whatever the code path or a hand-written
-- statement: a sale that is not Pendiente (completed or annulled), or that has lines, and the lines of
-- a sale that is not Pendiente, are refused here; such a line is not moved to another sale either. A
-- completed sale is undone by annulling it or by a return, and its number stays in the record. Only an
-- empty sale that was never completed may go (the back-office logs it).
-- What still passes: the database's own cascades (a deleted store takes its sales along: the foreign
-- key's trigger runs at depth 1, this one at 2, as in 0032), the operator's closing of a store, which
-- names the store for its transaction (set_config('adax.tienda_cerrada', id, true)), and a restore,
-- which truncates (TRUNCATE fires no row trigger).
CREATE OR REPLACE FUNCTION venta_no_se_borra() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_estado text;
BEGIN
  IF pg_trigger_depth() > 1 OR current_setting('adax.tienda_cerrada', true) = OLD.tienda_id::text THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  IF TG_TABLE_NAME = 'venta' THEN
    IF OLD.estado <> 'Pendiente' THEN
      RAISE EXCEPTION 'La venta #% está %: una venta completada no se elimina. Use Anular venta o Devolver productos.', OLD.numero, lower(OLD.estado)
        USING ERRCODE = 'restrict_violation';
    END IF;
    IF EXISTS (SELECT 1 FROM factura WHERE venta_id = OLD.id_venta) THEN
      RAISE EXCEPTION 'La venta #% tiene productos: no se elimina. Use Anular venta.', OLD.numero USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  -- factura: a line deleted, or moved to another sale.
  IF TG_OP = 'UPDATE' AND NEW.venta_id = OLD.venta_id THEN
    RETURN NEW;
  END IF;
  SELECT estado INTO v_estado FROM venta WHERE id_venta = OLD.venta_id;
  IF v_estado IS DISTINCT FROM 'Pendiente' THEN
    RAISE EXCEPTION 'Los productos de una venta completada no se quitan ni se pasan a otra venta. Use Anular venta o Devolver productos.'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
