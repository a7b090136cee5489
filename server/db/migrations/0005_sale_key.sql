ALTER TABLE "venta" ADD COLUMN "clave" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "venta_tienda_clave_uq" ON "venta" USING btree ("tienda_id","clave");
--> statement-breakpoint
-- venta_registrar (0004) learns the sale's key (ADR 011): a key already recorded for the store answers
-- {"estado": "repetida", "id": n} and writes nothing. Everything else is as in 0004.
DROP FUNCTION venta_registrar(integer, integer, integer, integer, bigint, integer[], integer[], text);--> statement-breakpoint
CREATE FUNCTION venta_registrar(
  p_tienda integer,
  p_usuario integer,
  p_cliente integer,
  p_metodo integer,
  p_monto bigint,
  p_productos integer[],
  p_cantidades integer[],
  p_motivo text,
  p_clave uuid
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_lineas jsonb;
  v_encontrados integer;
  v_no_disponibles jsonb;
  v_cortos jsonb;
  v_total bigint;
  v_id integer;
  v_fecha timestamptz;
  v_movidos integer;
BEGIN
  -- Concurrent sales of the same products queue here instead of deadlocking.
  PERFORM 1 FROM producto
  WHERE tienda_id = p_tienda AND id_producto = ANY (p_productos)
  ORDER BY id_producto
  FOR UPDATE;

  -- The same sale sent again (a double click, a retry after a lost answer): once the products are
  -- locked, the first call has committed or failed, so its row is seen here and nothing is written.
  IF p_clave IS NOT NULL THEN
    SELECT id_venta INTO v_id FROM venta WHERE tienda_id = p_tienda AND clave = p_clave;
    IF FOUND THEN
      RETURN jsonb_build_object('estado', 'repetida', 'id', v_id);
    END IF;
  END IF;

  SELECT
    jsonb_agg(jsonb_build_object('productoId', p.id_producto, 'nombre', p.nombre, 'marca', p.marca,
      'cantidad', l.cantidad, 'precio', p.precio_unit, 'subtotal', p.precio_unit * l.cantidad) ORDER BY l.orden),
    count(p.id_producto),
    coalesce(jsonb_agg(p.nombre ORDER BY l.orden) FILTER (WHERE p.estado <> 1), '[]'),
    coalesce(jsonb_agg(p.nombre ORDER BY l.orden) FILTER (WHERE p.stock < l.cantidad), '[]'),
    sum(p.precio_unit * l.cantidad)
  INTO v_lineas, v_encontrados, v_no_disponibles, v_cortos, v_total
  FROM unnest(p_productos, p_cantidades) WITH ORDINALITY AS l (producto_id, cantidad, orden)
  LEFT JOIN producto p ON p.id_producto = l.producto_id AND p.tienda_id = p_tienda;

  IF v_encontrados < cardinality(p_productos) THEN
    RETURN jsonb_build_object('estado', 'no_encontrado');
  END IF;
  IF jsonb_array_length(v_no_disponibles) > 0 THEN
    RETURN jsonb_build_object('estado', 'no_disponible', 'nombres', v_no_disponibles);
  END IF;
  IF jsonb_array_length(v_cortos) > 0 THEN
    RETURN jsonb_build_object('estado', 'sin_stock', 'nombres', v_cortos);
  END IF;
  IF p_monto < v_total THEN
    RETURN jsonb_build_object('estado', 'monto_insuficiente', 'total', v_total);
  END IF;

  INSERT INTO venta (tienda_id, estado, metodo_pago_id, usuario_id, cliente_id, total, monto_recibido, clave)
  VALUES (p_tienda, 'Pendiente', p_metodo, p_usuario, p_cliente, v_total, p_monto, p_clave)
  RETURNING id_venta, fecha INTO v_id, v_fecha;

  INSERT INTO factura (tienda_id, venta_id, producto_id, cantidad, precio, estado)
  SELECT p_tienda, v_id, (e ->> 'productoId')::integer, (e ->> 'cantidad')::integer, (e ->> 'precio')::bigint, 'Pendiente'
  FROM jsonb_array_elements(v_lineas) WITH ORDINALITY AS x (e, orden)
  ORDER BY orden;

  -- The stock exits and their ledger rows in one statement (as ajustarStockLote in ledger.ts).
  WITH u AS (
    UPDATE producto p SET stock = p.stock - l.cantidad
    FROM unnest(p_productos, p_cantidades) AS l (producto_id, cantidad)
    WHERE p.id_producto = l.producto_id AND p.tienda_id = p_tienda AND p.stock >= l.cantidad
    RETURNING p.id_producto, p.stock, p.inventario_id, l.cantidad
  )
  INSERT INTO movimiento (tienda_id, producto_id, venta_id, inventario_id, stock_antes, entradas, salidas, cantidad_despues, estado_despues, motivo)
  SELECT p_tienda, u.id_producto, v_id, u.inventario_id, u.stock + u.cantidad, 0, u.cantidad, u.stock, 'Salida', replace(p_motivo, '{id}', v_id::text)
  FROM u
  ORDER BY u.id_producto;
  GET DIAGNOSTICS v_movidos = ROW_COUNT;
  -- The rows are locked and checked above, so this cannot happen; if it ever did, nothing is kept.
  IF v_movidos <> cardinality(p_productos) THEN
    RAISE EXCEPTION 'venta_registrar: % de % productos movidos', v_movidos, cardinality(p_productos);
  END IF;

  RETURN jsonb_build_object(
    'estado', 'ok',
    'id', v_id,
    'fecha', floor(extract(epoch FROM v_fecha) * 1000),
    'total', v_total,
    'lineas', v_lineas,
    'tienda', (SELECT nombre_tienda FROM tienda WHERE id_tienda = p_tienda),
    'metodo', (SELECT nombre FROM metodo_pago WHERE id_met_pago = p_metodo),
    'cajero', (SELECT trim(nombre1 || ' ' || apellido1) FROM usuario WHERE id_usuario = p_usuario)
  );
END $$;
