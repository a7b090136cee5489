-- The triggers on cliente. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- Every update moves actualizado_en (the offline till downloads rows changed since its last sync).
DROP TRIGGER IF EXISTS cliente_actualizado_en ON cliente;
CREATE TRIGGER cliente_actualizado_en BEFORE UPDATE ON cliente
  FOR EACH ROW EXECUTE FUNCTION tocar_actualizado_en();

-- Every update takes the next version (the offline download's cursor, issue #50 point 6).
DROP TRIGGER IF EXISTS cliente_sin_red_version ON cliente;
CREATE TRIGGER cliente_sin_red_version BEFORE UPDATE ON cliente
  FOR EACH ROW EXECUTE FUNCTION sin_red_tocar_version();

-- A customer written without its empresa gets its store's (issue #56: customers are the empresa's).
DROP TRIGGER IF EXISTS cliente_empresa ON cliente;
CREATE TRIGGER cliente_empresa BEFORE INSERT ON cliente
  FOR EACH ROW EXECUTE FUNCTION empresa_de_su_tienda();
