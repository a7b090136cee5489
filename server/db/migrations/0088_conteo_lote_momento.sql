-- Hand-written (issue #58 point 1, ADR 051's addendum): a lot counted offline takes its units at the moment
-- the phone counted it, as its product does (conteo_producto.tomado_en); a line counted earlier that arrives
-- later takes them again at its own moment.
ALTER TABLE "conteo_lote" ADD COLUMN "tomado_en" timestamp with time zone DEFAULT now() NOT NULL;
