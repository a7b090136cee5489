CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "producto_nombre_trgm_idx" ON "producto" USING gin ("nombre" gin_trgm_ops);