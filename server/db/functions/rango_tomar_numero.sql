-- A sale's number from its till's DIAN range (issue #30 point 5, ADR 027; the invoice range, issue #57,
-- ADR 044): the one place where venta_numerar (a sale numbered as it is inserted) and venta_tomar_numero
-- (numbered last, ADR 057) take it. Locks the till's range in use of type `p_tipo` ('pos' or 'factura')
-- until the commit, checks it on the store's day `p_hoy` and moves it on; a sale undone gives the
-- number back. No range, an expired, not yet valid or exhausted one refuses the sale (SQLSTATE
-- AXN02–AXN06, turned into Spanish messages by server/plugins/errors.ts on every face).
CREATE OR REPLACE FUNCTION rango_tomar_numero(p_punto_venta integer, p_tipo text, p_hoy date, OUT rango integer, OUT numero_fiscal integer) LANGUAGE plpgsql AS $$
DECLARE
  v_rango rango_numeracion%ROWTYPE;
BEGIN
  SELECT * INTO v_rango FROM rango_numeracion r WHERE r.punto_venta_id = p_punto_venta AND r.en_uso AND r.tipo = p_tipo FOR UPDATE;
  IF NOT FOUND AND p_tipo = 'factura' THEN
    RAISE EXCEPTION 'numeracion: la caja no tiene rango de factura' USING ERRCODE = 'AXN06';
  ELSIF NOT FOUND THEN
    RAISE EXCEPTION 'numeracion: la caja no tiene rango' USING ERRCODE = 'AXN02';
  END IF;
  IF p_hoy > v_rango.fecha_hasta THEN
    RAISE EXCEPTION 'numeracion: rango vencido' USING ERRCODE = 'AXN03';
  END IF;
  IF p_hoy < v_rango.fecha_desde THEN
    RAISE EXCEPTION 'numeracion: rango aun no vigente' USING ERRCODE = 'AXN04';
  END IF;
  IF v_rango.siguiente > v_rango.hasta THEN
    RAISE EXCEPTION 'numeracion: rango agotado' USING ERRCODE = 'AXN05';
  END IF;
  UPDATE rango_numeracion r SET siguiente = r.siguiente + 1 WHERE r.id_rango = v_rango.id_rango;
  rango := v_rango.id_rango;
  numero_fiscal := v_rango.siguiente;
END $$;
