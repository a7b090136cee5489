-- A customer's price list stays per store (issue #56 point 2, ADR 043 step "customers shared"):
-- lists are a store's, and a customer shared by the empresa may buy at one list in each store. The
-- key moves from the customer alone to (customer, store); every existing row keeps its store.
ALTER TABLE "lista_precio_cliente" DROP CONSTRAINT "lista_precio_cliente_pkey";
--> statement-breakpoint
ALTER TABLE "lista_precio_cliente" ADD CONSTRAINT "lista_precio_cliente_pkey" PRIMARY KEY ("cliente_id", "tienda_id");
