-- A price less a price list's percentage (issue #59 point 1, ADR 047): rounded half up to the peso (ADR 030's
-- one rounding rule, applied to the unit price), never below $ 1 for a price above 0 (a price of 0 stays 0,
-- so the checkout still refuses it). shared/listas-precios.ts precioConPorcentaje is the same rule in TypeScript.
CREATE OR REPLACE FUNCTION precio_con_lista(precio numeric, porcentaje integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN precio <= 0 OR coalesce(porcentaje, 0) = 0 THEN precio::bigint
    ELSE greatest(1, round(precio * (100 - porcentaje) / 100))::bigint END
$$;
