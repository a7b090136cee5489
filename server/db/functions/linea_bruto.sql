-- A sale line's gross in pesos, before its discount (ADR 030, issue #52 point 4): the value asked when it
-- was sold by value (factura.importe), else precio × cantidad rounded half up to the peso. The one
-- place SQL computes it; shared/cantidad.ts brutoLinea is the same rule in TypeScript.
CREATE OR REPLACE FUNCTION linea_bruto(precio numeric, cantidad numeric, importe numeric)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(importe, round(precio * cantidad))::bigint
$$;
