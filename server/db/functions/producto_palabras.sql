-- Keeps a product's rows of the till's word index (issue #55 point 6, ADR 062): a product on sale
-- (estado 1) has one row per word of palabras_de(nombre) with its order, lower(nombre); a name, store
-- or state that changes takes the old rows out and puts the new ones in. Every word also joins the
-- store's vocabulary (never taken out: a word no product has any more only costs an empty range).
CREATE OR REPLACE FUNCTION producto_palabras() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  w text[];
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.nombre = OLD.nombre AND NEW.estado = OLD.estado AND NEW.tienda_id = OLD.tienda_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.estado = 1 THEN
    DELETE FROM producto_palabra
    WHERE tienda_id = OLD.tienda_id AND palabra = ANY (palabras_de(OLD.nombre)) AND orden = lower(OLD.nombre) AND producto_id = OLD.id_producto;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.estado = 1 THEN
    w := palabras_de(NEW.nombre);
    INSERT INTO producto_palabra (tienda_id, palabra, orden, producto_id)
      SELECT NEW.tienda_id, p, lower(NEW.nombre), NEW.id_producto FROM unnest(w) p ON CONFLICT DO NOTHING;
    INSERT INTO producto_vocablo (tienda_id, palabra) SELECT NEW.tienda_id, p FROM unnest(w) p ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
