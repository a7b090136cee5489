-- A sale line's quantity in one measure (issue #52, issue #58 point 3): 'unidades' counts a line sold by
-- unit (DIAN '94'), 'kilos' one sold by kilogram or gram (grams as kilos, to the gram), 'litros' by litre
-- or millilitre, 'metros' by metre or centimetre (centimetres as metres), 'metros_cuadrados' by square
-- metre, 'galones' by gallon; 0 for a line of another measure. A pack's line counts cantidad × factor in
-- its product's unit (a roll of 50 m sold as one pack is 50 m). Never added to one another: the per-day
-- summary keeps each apart, as shared/cantidad.ts's totalesPorMedida (and shared/unidades.ts's
-- porMedida) does. The line's own unit (kept since 0048), else its product's current one.
-- PL/pgSQL (issue #55 point 3, ADR 057): a line carries its unit, so the product is read only for an
-- old line without one; as a SQL function with a subquery it was planned on every call (not inlined),
-- 9 calls a sale and a sixth of the checkout's time in the database.
CREATE OR REPLACE FUNCTION cantidad_en(p_medida text, p_cantidad numeric, p_factor integer, p_unidad text, p_producto integer) RETURNS numeric LANGUAGE plpgsql STABLE AS $$
DECLARE
  u text := p_unidad;
  c numeric := p_cantidad * p_factor;
BEGIN
  IF u IS NULL THEN
    SELECT p.unidad_dian INTO u FROM producto p WHERE p.id_producto = p_producto;
    u := coalesce(u, '94');
  END IF;
  RETURN CASE p_medida
    WHEN 'unidades' THEN CASE WHEN u = '94' THEN c ELSE 0 END
    WHEN 'kilos' THEN CASE u WHEN 'KGM' THEN c WHEN 'GRM' THEN round(c / 1000, 3) ELSE 0 END
    WHEN 'litros' THEN CASE u WHEN 'LTR' THEN c WHEN 'MLT' THEN round(c / 1000, 3) ELSE 0 END
    WHEN 'metros' THEN CASE u WHEN 'MTR' THEN c WHEN 'CMT' THEN round(c / 100, 3) ELSE 0 END
    WHEN 'metros_cuadrados' THEN CASE WHEN u = 'MTK' THEN c ELSE 0 END
    WHEN 'galones' THEN CASE WHEN u = 'GLL' THEN c ELSE 0 END
  END;
END $$;
