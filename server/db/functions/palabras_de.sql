-- The words of a product's name as the till's search finds them (issue #55 point 6, ADR 062): the
-- accent-folded name (sin_tildes) cut at each space, every word with a character that is not a digit,
-- and every pair of neighbouring such words joined by one space; each once. A fragment without a space
-- is in the name exactly when it is in one of its words; one with one space between two pieces, when
-- it is in one of its pairs (a name's number, a barcode: searched the old way, see name-search.ts).
CREATE OR REPLACE FUNCTION palabras_de(nombre text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT coalesce(array_agg(DISTINCT x.palabra), '{}') FROM (
    SELECT u.t, lead(u.t) OVER (ORDER BY u.i) AS siguiente
    FROM unnest(string_to_array(sin_tildes(nombre), ' ')) WITH ORDINALITY AS u(t, i)
  ) p, LATERAL (VALUES (p.t), (CASE WHEN p.siguiente ~ '[^0-9]' THEN p.t || ' ' || p.siguiente END)) AS x(palabra)
  WHERE p.t ~ '[^0-9]' AND x.palabra IS NOT NULL
  $$;
