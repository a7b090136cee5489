-- The triggers on proveedor. Each is dropped and made again when this file changes (server/db/fuentes.ts);
-- their functions are in server/db/functions/. Triggers of one event fire in the order of their names.

-- A supplier written without its empresa gets its store's (issue #56: suppliers are the empresa's).
DROP TRIGGER IF EXISTS proveedor_empresa ON proveedor;
CREATE TRIGGER proveedor_empresa BEFORE INSERT ON proveedor
  FOR EACH ROW EXECUTE FUNCTION empresa_de_su_tienda();
