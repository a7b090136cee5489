-- Issue #30 point 5 (ADR 027): besides the store's number (0027), a sale made at a till with a DIAN
-- range in use takes that range's next number, in the same transaction (a sale refused or undone gives
-- it back, so a number is given once and only to a sale that exists). The till is the shift's; a sale
-- without one (another face, a store that sells without shifts) takes the store's only till in use.
-- A store with no range in use numbers nothing fiscally, as before. An expired, not yet valid or
-- exhausted range, or no till to number at, refuses the sale (SQLSTATE AXN01–AXN05, turned into
-- Spanish messages by server/plugins/errors.ts on every face). The range's number is rango_tomar_numero's.
-- A sale invoiced as factura electrónica de venta (issue #57, ADR 044) is numbered from the till's
-- invoice range (tipo 'factura') instead: the checkout sets the transaction-local setting
-- `adax.adquirente` to the buyer (checked JSON) before writing the sale, and the buyer is kept on the
-- sale. Without an invoice range in use at the till the sale is refused (AXN06).
-- Issue #55 point 3 (ADR 057): the checkout (`venta_registrar`) takes the numbers last, once its lines,
-- stock and summaries are written, so that sales of one store wait for each other only from then to the
-- commit. It inserts with `adax.numerar_tarde` set: the row gets the placeholder -id_venta (the check
-- venta_numero_positivo allows exactly that) and its till, and `venta_tomar_numero` then numbers it —
-- the one update of `numero` this trigger lets through (from the placeholder, with the setting
-- 'tomar'). venta_registrar alone sets the setting, and numbers the sale before it answers.
-- The store's counter is its row of `venta_contador` (created by the first sale), which nothing
-- references: only sales taking a number ever wait on it.
CREATE OR REPLACE FUNCTION venta_numerar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_hoy date;
  v_tipo text := 'pos';
  v_tarde boolean := current_setting('adax.numerar_tarde', true) IS NOT DISTINCT FROM 'on';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.numero < 0 AND current_setting('adax.numerar_tarde', true) IS NOT DISTINCT FROM 'tomar' THEN
      NEW.punto_venta_id := OLD.punto_venta_id;
      NEW.adquirente := OLD.adquirente;
      RETURN NEW;
    END IF;
    NEW.numero := OLD.numero;
    NEW.punto_venta_id := OLD.punto_venta_id;
    NEW.rango_id := OLD.rango_id;
    NEW.numero_fiscal := OLD.numero_fiscal;
    NEW.adquirente := OLD.adquirente;
    RETURN NEW;
  END IF;
  IF v_tarde THEN
    NEW.numero := -NEW.id_venta;
  ELSE
    -- The sale's key locked before the counter, as venta_registrar does (ADR 057): a checkout holding
    -- the key's uncommitted entry while it waits for the counter is never waited for from here.
    IF NEW.clave IS NOT NULL THEN
      PERFORM pg_advisory_xact_lock(57, hashtext(NEW.tienda_id::text || '/' || NEW.clave::text));
    END IF;
    INSERT INTO venta_contador AS c (tienda_id, ultimo_numero) VALUES (NEW.tienda_id, 1)
    ON CONFLICT (tienda_id) DO UPDATE SET ultimo_numero = c.ultimo_numero + 1
    RETURNING c.ultimo_numero INTO NEW.numero;
    SELECT (now() AT TIME ZONE zona_horaria)::date INTO v_hoy FROM tienda WHERE id_tienda = NEW.tienda_id;
  END IF;
  NEW.rango_id := NULL;
  NEW.numero_fiscal := NULL;
  NEW.punto_venta_id := NULL;
  NEW.adquirente := nullif(current_setting('adax.adquirente', true), '')::jsonb;
  IF NEW.adquirente IS NOT NULL THEN
    v_tipo := 'factura';
  ELSIF NOT EXISTS (SELECT 1 FROM rango_numeracion WHERE tienda_id = NEW.tienda_id AND en_uso AND tipo = 'pos') THEN
    RETURN NEW;
  END IF;
  IF NEW.turno_id IS NOT NULL THEN
    SELECT punto_venta_id INTO NEW.punto_venta_id FROM turno WHERE id_turno = NEW.turno_id;
  END IF;
  IF NEW.punto_venta_id IS NULL THEN
    SELECT min(id_punto_venta) INTO NEW.punto_venta_id FROM punto_venta
    WHERE tienda_id = NEW.tienda_id AND activo HAVING count(*) = 1;
  END IF;
  IF NEW.punto_venta_id IS NULL THEN
    RAISE EXCEPTION 'numeracion: la venta no tiene caja' USING ERRCODE = 'AXN01';
  END IF;
  -- Numbered late: the range is locked, checked and used by venta_tomar_numero.
  IF v_tarde THEN
    RETURN NEW;
  END IF;
  SELECT r.rango, r.numero_fiscal INTO NEW.rango_id, NEW.numero_fiscal FROM rango_tomar_numero(NEW.punto_venta_id, v_tipo, v_hoy) r;
  RETURN NEW;
END $$;
