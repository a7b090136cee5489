-- Spreads each stock ledger row of a product that tracks lots over its lots (issue #58 point 2,
-- ADR 051), whatever face wrote it, so a product's lots always add up to its stock:
-- - a row that names its lot (lote_id: a receipt's lot) moves that lot;
-- - an entry of a sale's product (a return, an annulment, a line taken off) goes back into the lots
--   the sale took those units from, the rest into the units of no known lot;
-- - any other entry (an adjustment up, an opening stock) goes into the units of no known lot;
-- - a sale's exit takes first the lots the cashier chose, each up to the units of the lines it was
--   chosen for (the transaction's setting pos.lotes, a JSON object product id → [[lot id, units], …] in
--   the order chosen; a bare lot id, as before, has no limit), less what this sale already took from it;
--   then the first-expiring lots that are not expired (FEFO), then the units of no known lot; so one
--   sale may take 4 of the expiring lot and 6 of the next, and a chosen lot with fewer units than its
--   line gives what it has and FEFO gives the rest; an expired lot only when the sale was authorised (pos.vencidos = 'on', a supervisor's
--   PIN checked by server/modules/lote/lote.venta.ts), else it is refused with SQLSTATE AXL01 and the
--   product, lot and date as JSON in its detail (server/plugins/errors.ts says it in Spanish);
-- - any other exit (an adjustment down, a count's shortfall) takes the first-expiring lots first;
-- - what no lot holds (a sale past stock) leaves the units of no known lot below zero.
-- "Expired": its date is before the store's today, in the store's time zone.
CREATE OR REPLACE FUNCTION movimiento_lotes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_delta numeric;
  v_resto numeric;
  v_tomar numeric;
  v_hoy date;
  v_elegidos jsonb;
  v_quiere numeric;
  e jsonb;
  v_autorizado boolean := false;
  v_venta boolean;
  v_nombre text;
  r record;
BEGIN
  IF NEW.producto_id IS NULL OR NOT EXISTS (SELECT 1 FROM producto WHERE id_producto = NEW.producto_id AND maneja_lotes) THEN
    RETURN NULL;
  END IF;
  v_delta := NEW.entradas - NEW.salidas;
  IF v_delta = 0 THEN
    RETURN NULL;
  END IF;
  IF NEW.lote_id IS NOT NULL THEN
    PERFORM lote_mover(NEW.id_movimiento, NEW.lote_id, NEW.producto_id, NEW.venta_id, v_delta);
    RETURN NULL;
  END IF;

  IF v_delta > 0 THEN
    v_resto := v_delta;
    IF NEW.venta_id IS NOT NULL THEN
      FOR r IN
        SELECT lm.lote_id, -sum(lm.cantidad) AS neto
        FROM lote_movimiento lm
        WHERE lm.venta_id = NEW.venta_id AND lm.producto_id = NEW.producto_id
        GROUP BY lm.lote_id
        HAVING sum(lm.cantidad) < 0
        ORDER BY lm.lote_id
      LOOP
        EXIT WHEN v_resto <= 0;
        v_tomar := least(v_resto, r.neto);
        PERFORM lote_mover(NEW.id_movimiento, r.lote_id, NEW.producto_id, NEW.venta_id, v_tomar);
        v_resto := v_resto - v_tomar;
      END LOOP;
    END IF;
    IF v_resto > 0 THEN
      PERFORM lote_mover(NEW.id_movimiento, lote_sin_codigo(NEW.tienda_id, NEW.producto_id), NEW.producto_id, NEW.venta_id, v_resto);
    END IF;
    RETURN NULL;
  END IF;

  v_resto := -v_delta;
  SELECT (now() AT TIME ZONE zona_horaria)::date INTO v_hoy FROM tienda WHERE id_tienda = NEW.tienda_id;
  v_venta := NEW.venta_id IS NOT NULL;
  IF v_venta THEN
    v_elegidos := nullif(current_setting('pos.lotes', true), '')::jsonb -> NEW.producto_id::text;
    v_autorizado := coalesce(current_setting('pos.vencidos', true), '') = 'on';
  END IF;
  IF jsonb_typeof(v_elegidos) = 'number' THEN
    v_elegidos := jsonb_build_array(jsonb_build_array(v_elegidos, NULL));
  END IF;
  -- The lots chosen, in the order chosen, each up to its units less what this sale already took from it.
  FOR e IN SELECT x FROM jsonb_array_elements(coalesce(v_elegidos, '[]'::jsonb)) AS x
  LOOP
    EXIT WHEN v_resto <= 0;
    SELECT l.id_lote, l.cantidad, l.codigo, l.vence, coalesce(l.vence < v_hoy, false) AS vencido INTO r
    FROM lote l
    WHERE l.id_lote = (e ->> 0)::integer AND l.producto_id = NEW.producto_id AND l.cantidad > 0;
    CONTINUE WHEN NOT FOUND;
    v_quiere := coalesce((e ->> 1)::numeric, v_resto) - coalesce((
      SELECT -sum(lm.cantidad) FROM lote_movimiento lm WHERE lm.venta_id = NEW.venta_id AND lm.lote_id = r.id_lote AND lm.cantidad < 0), 0);
    v_tomar := least(v_resto, r.cantidad, v_quiere);
    CONTINUE WHEN v_tomar <= 0;
    IF r.vencido AND NOT v_autorizado THEN
      SELECT nombre INTO v_nombre FROM producto WHERE id_producto = NEW.producto_id;
      RAISE EXCEPTION 'lote vencido: % (lote %, %)', v_nombre, r.codigo, r.vence
        USING ERRCODE = 'AXL01',
          DETAIL = jsonb_build_object('productoId', NEW.producto_id, 'producto', v_nombre, 'lote', r.codigo, 'vence', r.vence)::text;
    END IF;
    PERFORM lote_mover(NEW.id_movimiento, r.id_lote, NEW.producto_id, NEW.venta_id, -v_tomar);
    v_resto := v_resto - v_tomar;
  END LOOP;
  FOR r IN
    SELECT l.id_lote, l.cantidad, l.codigo, l.vence, coalesce(l.vence < v_hoy, false) AS vencido
    FROM lote l
    WHERE l.producto_id = NEW.producto_id AND l.cantidad > 0
    ORDER BY (v_venta AND coalesce(l.vence < v_hoy, false)), l.vence NULLS LAST, l.id_lote
  LOOP
    EXIT WHEN v_resto <= 0;
    IF v_venta AND r.vencido AND NOT v_autorizado THEN
      SELECT nombre INTO v_nombre FROM producto WHERE id_producto = NEW.producto_id;
      RAISE EXCEPTION 'lote vencido: % (lote %, %)', v_nombre, r.codigo, r.vence
        USING ERRCODE = 'AXL01',
          DETAIL = jsonb_build_object('productoId', NEW.producto_id, 'producto', v_nombre, 'lote', r.codigo, 'vence', r.vence)::text;
    END IF;
    v_tomar := least(v_resto, r.cantidad);
    PERFORM lote_mover(NEW.id_movimiento, r.id_lote, NEW.producto_id, NEW.venta_id, -v_tomar);
    v_resto := v_resto - v_tomar;
  END LOOP;
  IF v_resto > 0 THEN
    PERFORM lote_mover(NEW.id_movimiento, lote_sin_codigo(NEW.tienda_id, NEW.producto_id), NEW.producto_id, NEW.venta_id, -v_resto);
  END IF;
  RETURN NULL;
END $$;
