-- Search that forgives accents and case (issue #16 point 2): "azucar" finds "Azúcar", "MARTINEZ" finds
-- "Martínez". sin_tildes is unaccent + lower, declared IMMUTABLE (unaccent itself is only STABLE, since
-- its dictionary could change) so that it can be indexed; the dictionary is named with its schema
-- so that the function does not depend on the caller's search_path.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sin_tildes(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
DROP INDEX "producto_nombre_trgm_idx";--> statement-breakpoint
CREATE INDEX "producto_nombre_trgm_idx" ON "producto" USING gin (sin_tildes("nombre") gin_trgm_ops);
