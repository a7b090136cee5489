-- The triggers on producto. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- Every update moves actualizado_en (the offline till downloads rows changed since its last sync).
DROP TRIGGER IF EXISTS producto_actualizado_en ON producto;
CREATE TRIGGER producto_actualizado_en BEFORE UPDATE ON producto
  FOR EACH ROW EXECUTE FUNCTION tocar_actualizado_en();

-- A barcode names one product or one sale unit of a store.
DROP TRIGGER IF EXISTS producto_codigo_barras_unico ON producto;
CREATE TRIGGER producto_codigo_barras_unico BEFORE INSERT OR UPDATE OF codigo_barras ON producto
  FOR EACH ROW WHEN (NEW.codigo_barras IS NOT NULL) EXECUTE FUNCTION codigo_barras_unico();

-- Every update takes the next version (the offline download's cursor, issue #50 point 6).
DROP TRIGGER IF EXISTS producto_sin_red_version ON producto;
CREATE TRIGGER producto_sin_red_version BEFORE UPDATE ON producto
  FOR EACH ROW EXECUTE FUNCTION sin_red_tocar_version();

-- A product that begins tracking lots: its stock until now is of no known lot (issue #58 point 2, ADR 051).
DROP TRIGGER IF EXISTS producto_lotes ON producto;
CREATE TRIGGER producto_lotes AFTER UPDATE OF maneja_lotes ON producto
  FOR EACH ROW WHEN (NEW.maneja_lotes AND NOT OLD.maneja_lotes) EXECUTE FUNCTION producto_lotes();

-- The till's word index follows each product's name, store and state (issue #55 point 6, ADR 062).
DROP TRIGGER IF EXISTS producto_palabras ON producto;
CREATE TRIGGER producto_palabras AFTER INSERT OR DELETE OR UPDATE OF nombre, estado, tienda_id ON producto
  FOR EACH ROW EXECUTE FUNCTION producto_palabras();

-- A product written without a catalogue identity is its own entry (issue #56 point 2, ADR 043 §2).
DROP TRIGGER IF EXISTS producto_catalogo ON producto;
CREATE TRIGGER producto_catalogo BEFORE INSERT ON producto
  FOR EACH ROW WHEN (NEW.catalogo_id IS NULL) EXECUTE FUNCTION producto_catalogo();
