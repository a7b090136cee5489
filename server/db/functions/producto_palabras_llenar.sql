-- Fills the till's word index for the products already there (migration 0095, ADR 062): one statement
-- per table, streamed by the database (nothing held in the server's memory), the rows inserted in the
-- index's order.
CREATE OR REPLACE FUNCTION producto_palabras_llenar() RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO producto_palabra (tienda_id, palabra, orden, producto_id)
    SELECT p.tienda_id, w, lower(p.nombre), p.id_producto FROM producto p, unnest(palabras_de(p.nombre)) w
    WHERE p.estado = 1 ORDER BY 1, 2, 3, 4
    ON CONFLICT DO NOTHING;
  INSERT INTO producto_vocablo (tienda_id, palabra)
    SELECT DISTINCT tienda_id, palabra FROM producto_palabra
    ON CONFLICT DO NOTHING;
  $$;
