-- Análisis' totals by measure (issue #52 point 3): the store's products not sold by unit, read without
-- the rest of the catalogue (ADR 017: nothing in the analysis reads every product of the store).
CREATE INDEX IF NOT EXISTS "producto_medida_idx" ON "producto" USING btree ("tienda_id") WHERE "producto"."unidad_dian" <> '94';
