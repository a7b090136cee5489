-- One sale's lines split into base and tax (centavos), the rule of shared/impuestos.ts (ADR 021) in SQL:
-- `repartirDescuento` (the sale's discount, capped at what the lines pay, spread in proportion to what
-- each pays, in whole pesos; the leftover pesos to the largest remainders, ties to the earlier line by
-- id_factura), then `desglosarImporte` (a rate r: base = pagado × 100 / (1 + r) rounded half up; the
-- bag's INC a fixed value per unit, never more than the line paid). numeric throughout: div() and mod()
-- truncate toward zero as BigInt does, and no quantity is assumed to be an integer column. A line pays
-- linea_bruto − descuento: the value asked for a line sold by value, else precio × cantidad rounded half up (ADR 030).
-- reportes.impuestos.property.test.ts checks it equals shared/impuestos.ts to the centavo.
CREATE OR REPLACE FUNCTION impuesto_desglose(lineas factura[], descuento_venta numeric)
RETURNS TABLE (id_factura integer, impuesto text, base numeric, valor numeric) LANGUAGE sql IMMUTABLE AS $$
  WITH l AS (
    SELECT x.id_factura, x.impuesto, x.cantidad::numeric AS cantidad, x.valor_bolsa::numeric AS valor_bolsa,
      linea_bruto(x.precio, x.cantidad, x.importe) - x.descuento AS importe
    FROM unnest(lineas) x
  ), t AS (
    SELECT CASE WHEN descuento_venta > 0 AND sum(importe) > 0 THEN least(descuento_venta, sum(importe)) ELSE 0 END AS d, sum(importe) AS total FROM l
  ), p AS (
    SELECT l.*, t.d,
      CASE WHEN t.d > 0 THEN div(l.importe * t.d, t.total) ELSE 0 END AS parte,
      CASE WHEN t.d > 0 THEN mod(l.importe * t.d, t.total) ELSE 0 END AS resto
    FROM l, t
  ), q AS (
    SELECT p.*, p.d - sum(p.parte) OVER () AS sobra, row_number() OVER (ORDER BY p.resto DESC, p.id_factura) AS rk FROM p
  ), g AS (
    SELECT q.id_factura, q.impuesto, q.cantidad, q.valor_bolsa,
      (q.importe - q.parte - CASE WHEN q.rk <= q.sobra THEN 1 ELSE 0 END) * 100 AS centavos,
      CASE q.impuesto WHEN 'iva19' THEN 1900 WHEN 'iva5' THEN 500 WHEN 'inc8' THEN 800 ELSE 0 END AS puntos
    FROM q
  )
  SELECT g.id_factura, g.impuesto,
    CASE WHEN g.impuesto = 'bolsa' THEN g.centavos - least(greatest(0, coalesce(g.valor_bolsa, 0)) * g.cantidad * 100, g.centavos)
         WHEN g.puntos = 0 THEN g.centavos
         ELSE div(2 * g.centavos * 10000 + (10000 + g.puntos), 2 * (10000 + g.puntos)) END,
    CASE WHEN g.impuesto = 'bolsa' THEN least(greatest(0, coalesce(g.valor_bolsa, 0)) * g.cantidad * 100, g.centavos)
         WHEN g.puntos = 0 THEN 0
         ELSE g.centavos - div(2 * g.centavos * 10000 + (10000 + g.puntos), 2 * (10000 + g.puntos)) END
  FROM g
$$;
