-- The checkout (issue #29, ADR 019): one call records a whole sale (header, lines, stock exits, payment,
-- credit, discounts, packs) in one transaction, or refuses it with an SQLSTATE that server/plugins/errors.ts
-- turns into a Spanish message. Called by server/modules/venta/venta.checkout.ts (ADR 076: the checkout's
-- second and last round trip; what the receipt shows comes back with it).
CREATE OR REPLACE FUNCTION venta_registrar(
  p_tienda integer,
  p_usuario integer,
  p_cliente integer,
  p_metodo integer,
  p_monto bigint,
  p_productos integer[],
  p_cantidades numeric[],
  p_motivo text,
  p_clave uuid,
  p_desc_tipos text[],
  p_desc_valores bigint[],
  p_venta_desc_tipo text,
  p_venta_desc_valor bigint,
  p_motivo_desc text,
  p_a_credito boolean,
  p_referencia text,
  p_verificado boolean,
  p_sin_stock boolean,
  p_unidades integer[],
  p_importes bigint[],
  p_lista boolean
) RETURNS jsonb LANGUAGE plpgsql
-- Generic plans for every statement the checkout runs, its triggers' included (issue #55 point 3): each is
-- a lookup or a write by key, whose plan does not depend on the values. Left to choose, PostgreSQL kept
-- re-planning some of them at every sale (a custom plan is chosen when the generic one's estimate is
-- higher, and the lines' query with its price-list subquery is estimated so); planning was ~15 % of an
-- embedded sale (BENCHMARKS.md, 2026-12-03).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_lineas jsonb;
  v_encontrados integer;
  v_no_disponibles jsonb;
  v_cortos jsonb;
  v_total bigint;
  v_id integer;
  v_fecha timestamptz;
  v_movidos integer;
  v_malos jsonb;
  v_subtotal bigint;
  v_desc_venta bigint;
  v_fiado bigint;
  v_recibido bigint;
  v_turno integer;
  v_numero integer;
  v_sobreventa jsonb;
  v_fraccion jsonb;
  v_productos integer;
  v_sin_precio jsonb;
  v_importes jsonb;
  v_lista integer;
  v_lista_nombre text;
  v_porcentaje integer;
  v_fiscal integer;
  v_salidas jsonb;
BEGIN
  -- The cashier's open shift (issue #18), first, as every writer of a shift takes its locks (shift,
  -- then products, then customer). FOR KEY SHARE: sales of one shift do not wait for each other, but
  -- a close (FOR UPDATE) waits for them, and a sale that waited for a close sees the row again and
  -- finds it closed: no sale lands in a closed shift.
  SELECT id_turno INTO v_turno FROM turno
  WHERE tienda_id = p_tienda AND coalesce(usuario_id, 0) = coalesce(p_usuario, 0) AND cerrado_en IS NULL
  FOR KEY SHARE;
  IF NOT FOUND AND (SELECT exigir_caja FROM tienda WHERE id_tienda = p_tienda) THEN
    RETURN jsonb_build_object('estado', 'sin_turno');
  END IF;

  -- Concurrent sales of the same products queue here instead of deadlocking.
  PERFORM 1 FROM producto
  WHERE tienda_id = p_tienda AND id_producto = ANY (p_productos)
  ORDER BY id_producto
  FOR UPDATE;

  -- The same sale sent again (a double click, a retry after a lost answer): once the products are
  -- locked, the first call has committed or failed, so its row is seen here and nothing is written.
  -- The key's own lock first (ADR 057): an insert that numbers early (venta_numerar) takes it before the
  -- store's counter, so it never holds the counter while waiting on this sale's uncommitted key.
  IF p_clave IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(57, hashtext(p_tienda::text || '/' || p_clave::text));
    SELECT id_venta INTO v_id FROM venta WHERE tienda_id = p_tienda AND clave = p_clave;
    IF FOUND THEN
      RETURN jsonb_build_object('estado', 'repetida', 'id', v_id);
    END IF;
  END IF;

  -- The customer's price list (issue #59 point 1, ADR 047), when the caller asks for it (p_lista: an
  -- offline sale keeps the prices its device showed). A line's price is then the list's price of the
  -- product for the largest `desde` not above the units of that product in the whole sale, else the
  -- base price less the list's % (precio_con_lista: half up). A pack pays the lower of its price less the
  -- % and the list's unit price × its factor. A line sold by value keeps its value and the base price.
  IF p_cliente IS NOT NULL AND coalesce(p_lista, false) THEN
    SELECT lc.lista_id, lp.nombre, lp.porcentaje INTO v_lista, v_lista_nombre, v_porcentaje
    FROM lista_precio_cliente lc JOIN lista_precio lp ON lp.id_lista_precio = lc.lista_id AND lp.tienda_id = p_tienda
    WHERE lc.cliente_id = p_cliente AND lc.tienda_id = p_tienda;
  END IF;

  -- Each line's discount (issue #16 point 4): a percentage of the line, pesos off the line, or a lower
  -- unit price given at the till. 'ninguno' is none. It must leave the line between 0 and its gross.
  -- A line's gross is precio × cantidad rounded half-up to the peso (ADR 030: one rounding rule; the
  -- quantity has up to three decimals for a product sold by measure, whole units otherwise).
  -- A line sold as a pack (issue #33 point 5, ADR 033: p_unidades names the product's sale unit, null
  -- for a plain line) is counted in packs at the pack's price, in whole packs, and takes factor ×
  -- cantidad units from stock. One product may come twice (by unit and by pack): its stock is checked
  -- against all the units the sale takes of it (`unidades_producto`).
  -- A line sold by value (issue #52 point 4: "$ 2.000 de arroz"; p_importes holds the value, null
  -- otherwise) charges exactly that value (linea_bruto). It is taken only for a product sold by
  -- measure, not as a pack, whose quantity is the thousandths the value buys at the price read here
  -- (cantidadPorValor in shared/cantidad.ts: half up; div() is exact); anything else is refused.
  SELECT
    jsonb_agg(jsonb_build_object('productoId', d.id_producto, 'nombre', d.nombre, 'marca', d.marca,
      'cantidad', d.cantidad, 'unidad', d.unidad_dian, 'precio', d.precio_unit, 'descuento', d.descuento,
      'subtotal', d.bruto - d.descuento, 'unidadVentaId', d.id_unidad_venta, 'presentacion', d.presentacion,
      'factor', d.factor, 'importe', d.importe, 'precioBase', d.precio_base) ORDER BY d.orden),
    count(d.id_producto) FILTER (WHERE d.unidad_id IS NULL OR d.id_unidad_venta IS NOT NULL),
    coalesce(jsonb_agg(d.nombre ORDER BY d.orden) FILTER (WHERE d.estado <> 1), '[]'),
    -- A product at $ 0 (issue #52 point 7): every line needs a price above 0 (the spec's "ingrese un precio válido").
    coalesce(jsonb_agg(d.nombre ORDER BY d.orden) FILTER (WHERE d.precio_unit <= 0), '[]'),
    coalesce(jsonb_agg(d.nombre ORDER BY d.orden) FILTER (WHERE d.stock < d.unidades_producto), '[]'),
    coalesce(jsonb_agg(jsonb_build_object('productoId', d.id_producto, 'nombre', d.nombre, 'cantidad', d.unidades,
      'stockAntes', d.stock, 'stockDespues', d.stock - d.unidades_producto) ORDER BY d.orden) FILTER (WHERE d.stock < d.unidades_producto), '[]'),
    coalesce(jsonb_agg(d.nombre ORDER BY d.orden) FILTER (WHERE d.descuento < 0 OR d.descuento > d.bruto), '[]'),
    coalesce(jsonb_agg(d.nombre ORDER BY d.orden) FILTER (WHERE (d.unidad_dian = '94' OR d.id_unidad_venta IS NOT NULL) AND d.cantidad <> trunc(d.cantidad)), '[]'),
    coalesce(jsonb_agg(d.nombre ORDER BY d.orden) FILTER (WHERE d.importe IS NOT NULL AND NOT (d.importe > 0 AND d.importe <= 1000000000000
      AND d.unidad_dian <> '94' AND d.id_unidad_venta IS NULL AND d.precio_unit > 0
      AND div(d.importe::numeric * 2000 + d.precio_unit, d.precio_unit::numeric * 2) = d.cantidad * 1000)), '[]'),
    sum(d.bruto - d.descuento)
  INTO v_lineas, v_encontrados, v_no_disponibles, v_sin_precio, v_cortos, v_sobreventa, v_malos, v_fraccion, v_importes, v_subtotal
  FROM (
    SELECT c.*,
      CASE coalesce(p_desc_tipos[c.orden], 'ninguno')
        WHEN 'porcentaje' THEN floor(c.bruto * p_desc_valores[c.orden] / 100)::bigint
        WHEN 'valor' THEN p_desc_valores[c.orden]
        WHEN 'precio' THEN c.bruto - round(p_desc_valores[c.orden] * c.cantidad)::bigint
        ELSE 0
      END AS descuento
    FROM (
      SELECT b.*, linea_bruto(b.precio_unit, b.cantidad, b.importe) AS bruto
      FROM (
        SELECT a.*,
          CASE
            WHEN v_lista IS NULL OR a.importe IS NOT NULL OR a.id_producto IS NULL THEN a.precio_base
            WHEN a.id_unidad_venta IS NOT NULL THEN least(precio_con_lista(a.precio_base, v_porcentaje), a.precio_lista * a.factor)
            ELSE coalesce(a.precio_lista, precio_con_lista(a.precio_base, v_porcentaje))
          END AS precio_unit
        FROM (
          SELECT r.*,
            (SELECT lpp.precio FROM lista_precio_producto lpp
             WHERE v_lista IS NOT NULL AND lpp.lista_id = v_lista AND lpp.producto_id = r.id_producto AND lpp.desde <= r.unidades_producto
             ORDER BY lpp.desde DESC LIMIT 1) AS precio_lista
          FROM (
            SELECT p.id_producto, p.nombre, p.marca, p.stock, p.estado, p.unidad_dian, l.cantidad, l.orden, l.unidad_id,
              u.id_unidad_venta, u.nombre AS presentacion, coalesce(u.factor, 1) AS factor,
              coalesce(u.precio, p.precio_unit) AS precio_base,
              l.cantidad * coalesce(u.factor, 1) AS unidades,
              sum(l.cantidad * coalesce(u.factor, 1)) OVER (PARTITION BY l.producto_id) AS unidades_producto,
              p_importes[l.orden] AS importe
            FROM unnest(p_productos, p_cantidades, coalesce(p_unidades, '{}'::integer[])) WITH ORDINALITY AS l (producto_id, cantidad, unidad_id, orden)
            LEFT JOIN producto p ON p.id_producto = l.producto_id AND p.tienda_id = p_tienda
            LEFT JOIN producto_unidad_venta u ON u.id_unidad_venta = l.unidad_id AND u.producto_id = l.producto_id AND u.tienda_id = p_tienda
          ) r
        ) a
      ) b
    ) c
  ) d;

  IF v_encontrados < cardinality(p_productos) THEN
    RETURN jsonb_build_object('estado', 'no_encontrado');
  END IF;
  IF jsonb_array_length(v_no_disponibles) > 0 THEN
    RETURN jsonb_build_object('estado', 'no_disponible', 'nombres', v_no_disponibles);
  END IF;
  IF jsonb_array_length(v_sin_precio) > 0 THEN
    RETURN jsonb_build_object('estado', 'sin_precio', 'nombres', v_sin_precio);
  END IF;
  -- A product sold by unit takes whole quantities only (ADR 030).
  IF jsonb_array_length(v_fraccion) > 0 THEN
    RETURN jsonb_build_object('estado', 'cantidad_entera', 'nombres', v_fraccion);
  END IF;
  IF jsonb_array_length(v_importes) > 0 THEN
    RETURN jsonb_build_object('estado', 'importe_invalido', 'nombres', v_importes);
  END IF;
  -- Past the recorded stock (issue #36 point 7): only when the caller asked and may (the permission
  -- or a supervisor's PIN, checked by registrarVenta); the stock then goes below zero through the
  -- ledger like any exit, and the product is flagged revisar_stock.
  IF jsonb_array_length(v_cortos) > 0 AND NOT coalesce(p_sin_stock, false) THEN
    RETURN jsonb_build_object('estado', 'sin_stock', 'nombres', v_cortos);
  END IF;
  IF jsonb_array_length(v_malos) > 0 THEN
    RETURN jsonb_build_object('estado', 'descuento_invalido', 'nombres', v_malos);
  END IF;
  v_desc_venta := CASE coalesce(p_venta_desc_tipo, 'ninguno')
    WHEN 'porcentaje' THEN (v_subtotal * p_venta_desc_valor) / 100
    WHEN 'valor' THEN p_venta_desc_valor
    ELSE 0
  END;
  IF v_desc_venta < 0 OR v_desc_venta > v_subtotal THEN
    RETURN jsonb_build_object('estado', 'descuento_invalido', 'nombres', '[]'::jsonb);
  END IF;
  v_total := v_subtotal - v_desc_venta;
  -- On credit (fiado, issue #17) what was not paid now goes on the customer's account: the caller
  -- charges it to the ledger in the same transaction, under the customer's lock and limit.
  IF p_a_credito THEN
    v_recibido := p_monto;
    v_fiado := greatest(0, v_total - p_monto);
  ELSE
    IF p_monto < v_total THEN
      RETURN jsonb_build_object('estado', 'monto_insuficiente', 'total', v_total);
    END IF;
    v_recibido := p_monto;
    v_fiado := 0;
  END IF;

  -- The sale goes in with a placeholder number (-id_venta, venta_numerar with adax.numerar_tarde) and
  -- takes its store and DIAN numbers at the end (venta_tomar_numero, issue #55 point 3, ADR 057): the
  -- store's counter, where this store's sales queue, is locked only from there to the commit.
  PERFORM set_config('adax.numerar_tarde', 'on', true);
  INSERT INTO venta (tienda_id, estado, metodo_pago_id, usuario_id, cliente_id, total, monto_recibido, clave, descuento, motivo_descuento,
    monto_fiado, turno_id, referencia, verificado)
  VALUES (p_tienda, 'Completada', p_metodo, p_usuario, p_cliente, v_total, v_recibido, p_clave, v_desc_venta, p_motivo_desc,
    v_fiado, v_turno, p_referencia, coalesce(p_verificado, false))
  RETURNING id_venta, fecha INTO v_id, v_fecha;
  PERFORM set_config('adax.numerar_tarde', '', true);

  -- Each line keeps the product's average cost at this moment (issue #32 point 6: the margin of a
  -- period); the products are locked, so it is the cost the units left the shelf at.
  -- A pack's line keeps its unit, name and factor (ADR 033); its cost is the pack's: factor × the unit's.
  -- Every line of a sale at a price list records the list and its name (issue #59 point 4: the
  -- report by list reads them, whatever happens to the list later), and every line its price without
  -- the list (the product's or the pack's own; a line the list left alone: its price).
  INSERT INTO factura (tienda_id, venta_id, producto_id, cantidad, precio, descuento, estado, costo_unit, unidad_venta_id, presentacion, factor, importe,
    lista_precio_id, lista_nombre, precio_base)
  SELECT p_tienda, v_id, (e ->> 'productoId')::integer, (e ->> 'cantidad')::numeric, (e ->> 'precio')::bigint, (e ->> 'descuento')::bigint, 'Pagado',
    (SELECT p.costo_promedio * (e ->> 'factor')::integer FROM producto p WHERE p.id_producto = (e ->> 'productoId')::integer AND p.tienda_id = p_tienda),
    (e ->> 'unidadVentaId')::integer, e ->> 'presentacion', (e ->> 'factor')::integer, (e ->> 'importe')::bigint,
    v_lista, v_lista_nombre, (e ->> 'precioBase')::bigint
  FROM jsonb_array_elements(v_lineas) WITH ORDINALITY AS x (e, orden)
  ORDER BY orden;

  -- The stock exits (as ajustarStockLote in ledger.ts): one exit per product, of every unit the sale
  -- takes of it (a pack's line: factor × cantidad). Their ledger rows name the sale's number, so they are
  -- written once it is taken, below.
  WITH l AS (
    SELECT (e ->> 'productoId')::integer AS producto_id, sum((e ->> 'cantidad')::numeric * (e ->> 'factor')::integer) AS cantidad
    FROM jsonb_array_elements(v_lineas) AS e
    GROUP BY 1
  ), u AS (
    UPDATE producto p SET stock = p.stock - l.cantidad, revisar_stock = p.revisar_stock OR p.stock < l.cantidad
    FROM l
    WHERE p.id_producto = l.producto_id AND p.tienda_id = p_tienda AND (p.stock >= l.cantidad OR coalesce(p_sin_stock, false))
    RETURNING p.id_producto, p.stock, p.inventario_id, l.cantidad
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('p', u.id_producto, 's', u.stock, 'i', u.inventario_id, 'c', u.cantidad) ORDER BY u.id_producto), '[]'), count(*)
  INTO v_salidas, v_movidos
  FROM u;
  -- The rows are locked and checked above, so this cannot happen; if it ever did, nothing is kept.
  SELECT count(DISTINCT x) INTO v_productos FROM unnest(p_productos) AS x;
  IF v_movidos <> v_productos THEN
    RAISE EXCEPTION 'venta_registrar: % de % productos movidos', v_movidos, v_productos;
  END IF;

  -- The numbers, last: from here to the commit this store's other sales wait (ADR 057).
  SELECT n.numero, n.numero_fiscal INTO v_numero, v_fiscal FROM venta_tomar_numero(v_id) n;

  INSERT INTO movimiento (tienda_id, producto_id, venta_id, inventario_id, stock_antes, entradas, salidas, cantidad_despues, estado_despues, motivo)
  SELECT p_tienda, (e ->> 'p')::integer, v_id, (e ->> 'i')::integer, (e ->> 's')::numeric + (e ->> 'c')::numeric, 0, (e ->> 'c')::numeric,
    (e ->> 's')::numeric, 'Salida', replace(p_motivo, '{id}', v_numero::text)
  FROM jsonb_array_elements(v_salidas) WITH ORDINALITY AS x (e, orden)
  ORDER BY orden;

  RETURN jsonb_build_object(
    'estado', 'ok',
    'id', v_id,
    'numero', v_numero,
    'fecha', floor(extract(epoch FROM v_fecha) * 1000),
    'total', v_total,
    'descuento', v_desc_venta,
    'montoFiado', v_fiado,
    'turno', v_turno,
    'montoRecibido', v_recibido,
    'lineas', (SELECT jsonb_agg(e - 'precioBase' ORDER BY o) FROM jsonb_array_elements(v_lineas) WITH ORDINALITY AS x (e, o)),
    'sobreventa', v_sobreventa,
    'tienda', (SELECT nombre_tienda FROM tienda WHERE id_tienda = p_tienda),
    'metodo', (SELECT nombre FROM metodo_pago WHERE id_met_pago = p_metodo),
    'cajero', (SELECT trim(nombre1 || ' ' || apellido1) FROM usuario WHERE id_usuario = p_usuario),
    -- What the receipt and the DIAN hand-off need (issue #54 point 6, ADR 076), so the checkout reads
    -- nothing after the call: the range and till of the DIAN number just taken (the columns of the
    -- sale's header, server/modules/venta-registro/venta.cabecera.ts), and whether the store issues the
    -- electronic document (without it there is nothing to hand to the outbox).
    'fiscal', CASE WHEN v_fiscal IS NOT NULL THEN (
      SELECT jsonb_build_object('caja', pv.nombre, 'prefijo', r.prefijo, 'numeroFiscal', v_fiscal, 'resolucion', r.resolucion,
        'desde', r.desde, 'hasta', r.hasta, 'fechaDesde', r.fecha_desde, 'fechaHasta', r.fecha_hasta)
      FROM venta v JOIN rango_numeracion r ON r.id_rango = v.rango_id JOIN punto_venta pv ON pv.id_punto_venta = r.punto_venta_id
      WHERE v.id_venta = v_id) END,
    'dian', coalesce((SELECT habilitado FROM dian_configuracion WHERE tienda_id = p_tienda), false)
  );
END $$;
