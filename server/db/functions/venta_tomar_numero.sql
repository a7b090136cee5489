-- Issue #55 point 3 (ADR 057): the numbers of a sale the checkout inserted with `adax.numerar_tarde`
-- (venta_numerar gave it the placeholder -id_venta and its till), taken as the transaction's last
-- writes: the store's next number (its row of venta_contador is the one point where sales of a store
-- queue, held from here to the commit) and, at a till with a DIAN range in use, the range's next
-- number, taken by rango_tomar_numero as venta_numerar takes it (the same checks, SQLSTATEs AXN02–AXN06).
-- Undone with the transaction, so gapless. Answers the store's number and the fiscal one (null without a range).
CREATE OR REPLACE FUNCTION venta_tomar_numero(p_venta integer, OUT numero integer, OUT numero_fiscal integer) LANGUAGE plpgsql AS $$
DECLARE
  v venta%ROWTYPE;
  v_hoy date;
  v_rango integer;
BEGIN
  SELECT * INTO v FROM venta WHERE id_venta = p_venta;
  IF NOT FOUND OR v.numero > 0 THEN
    RAISE EXCEPTION 'venta_tomar_numero: la venta % no espera número', p_venta;
  END IF;
  INSERT INTO venta_contador AS c (tienda_id, ultimo_numero) VALUES (v.tienda_id, 1)
  ON CONFLICT (tienda_id) DO UPDATE SET ultimo_numero = c.ultimo_numero + 1
  RETURNING c.ultimo_numero INTO numero;
  IF v.punto_venta_id IS NOT NULL THEN
    SELECT (now() AT TIME ZONE t.zona_horaria)::date INTO v_hoy FROM tienda t WHERE t.id_tienda = v.tienda_id;
    SELECT r.rango, r.numero_fiscal INTO v_rango, numero_fiscal
    FROM rango_tomar_numero(v.punto_venta_id, CASE WHEN v.adquirente IS NOT NULL THEN 'factura' ELSE 'pos' END, v_hoy) r;
  END IF;
  PERFORM set_config('adax.numerar_tarde', 'tomar', true);
  UPDATE venta SET numero = venta_tomar_numero.numero, rango_id = v_rango, numero_fiscal = venta_tomar_numero.numero_fiscal
  WHERE id_venta = p_venta;
  PERFORM set_config('adax.numerar_tarde', '', true);
END $$;
