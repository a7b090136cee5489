-- Text without accents and in lower case, immutable so that it can be indexed (product and customer
-- name search); the dictionary is named with its schema so that the function does not depend on the
-- caller's search_path.
CREATE OR REPLACE FUNCTION sin_tildes(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
