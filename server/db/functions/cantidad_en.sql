-- A sale line's quantity in one measure (issue #52): 'unidades' counts a line sold by unit (DIAN '94')
-- as cantidad × factor (a pack's units), 'kilos' a line sold by kilogram or gram (grams as kilos, to the
-- gram), 'litros' one sold by litre or millilitre; 0 for a line of another measure. Never added to one
-- another: the per-day summary keeps each apart, as shared/cantidad.ts's totalesPorMedida does. The
-- line's own unit (kept since 0048), else its product's current one.
CREATE OR REPLACE FUNCTION cantidad_en(p_medida text, p_cantidad numeric, p_factor integer, p_unidad text, p_producto integer) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE p_medida
    WHEN 'unidades' THEN CASE WHEN x.u = '94' THEN p_cantidad * p_factor ELSE 0 END
    WHEN 'kilos' THEN CASE x.u WHEN 'KGM' THEN p_cantidad WHEN 'GRM' THEN round(p_cantidad / 1000, 3) ELSE 0 END
    WHEN 'litros' THEN CASE x.u WHEN 'LTR' THEN p_cantidad WHEN 'MLT' THEN round(p_cantidad / 1000, 3) ELSE 0 END
  END
  FROM (SELECT coalesce(p_unidad, (SELECT p.unidad_dian FROM producto p WHERE p.id_producto = p_producto), '94') AS u) x
$$;
