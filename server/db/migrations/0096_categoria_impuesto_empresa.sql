-- A category's tax is the empresa's (issue #56 point 2, ADR 063): defined once, effective in every store
-- of the empresa. `categoria_impuesto` is keyed (empresa_id, categoria) instead of (tienda_id, categoria).
-- Every store is an empresa of one unless Sucursales opened branches: a lone store's rows keep their
-- meaning exactly. Where two stores of one empresa disagreed on a category's tax, no sale's tax changes:
-- the products that inherited a tax other than the one kept get it as their own, and the category is
-- flagged (`diferia`) until the owner sets its tax again.
ALTER TABLE "categoria_impuesto" ADD COLUMN "empresa_id" integer;
--> statement-breakpoint
ALTER TABLE "categoria_impuesto" ADD COLUMN "diferia" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "categoria_impuesto" ADD COLUMN "sin_fila_comun" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "categoria_impuesto" c SET "empresa_id" = t."empresa_id" FROM "tienda" t WHERE t."id_tienda" = c."tienda_id";
--> statement-breakpoint
-- A store responsible for IVA with no tax for the category, whose products of it inherit nothing (its
-- sales of them charge no tax): any tax kept for the empresa would start charging there, so none is kept.
UPDATE "categoria_impuesto" c SET "sin_fila_comun" = true, "diferia" = true
  WHERE EXISTS (
    SELECT 1 FROM "tienda" t
      JOIN "perfil_fiscal" pf ON pf."tienda_id" = t."id_tienda" AND pf."responsable_iva"
      JOIN "producto" p ON p."tienda_id" = t."id_tienda" AND p."categoria" = c."categoria" AND p."impuesto" IS NULL
    WHERE t."empresa_id" = c."empresa_id"
      AND NOT EXISTS (SELECT 1 FROM "categoria_impuesto" x WHERE x."tienda_id" = t."id_tienda" AND x."categoria" = c."categoria"));
--> statement-breakpoint
-- Two stores with different taxes for one category.
UPDATE "categoria_impuesto" c SET "diferia" = true
  WHERE EXISTS (SELECT 1 FROM "categoria_impuesto" o WHERE o."empresa_id" = c."empresa_id" AND o."categoria" = c."categoria" AND o."impuesto" <> c."impuesto");
--> statement-breakpoint
-- The empresa keeps the tax of its first store (lowest id) that had one. The products of the other stores
-- that inherited a different one get it as their own; with no tax kept, every store's inheriting products do.
UPDATE "producto" p SET "impuesto" = c."impuesto"
  FROM "categoria_impuesto" c
  WHERE c."diferia" AND c."tienda_id" = p."tienda_id" AND c."categoria" = p."categoria" AND p."impuesto" IS NULL
    AND (c."sin_fila_comun" OR c."impuesto" <> (
      SELECT f."impuesto" FROM "categoria_impuesto" f WHERE f."empresa_id" = c."empresa_id" AND f."categoria" = c."categoria" ORDER BY f."tienda_id" LIMIT 1));
--> statement-breakpoint
DELETE FROM "categoria_impuesto" c
  WHERE c."sin_fila_comun"
    OR EXISTS (SELECT 1 FROM "categoria_impuesto" f WHERE f."empresa_id" = c."empresa_id" AND f."categoria" = c."categoria" AND f."tienda_id" < c."tienda_id");
--> statement-breakpoint
ALTER TABLE "categoria_impuesto" DROP COLUMN "sin_fila_comun";
--> statement-breakpoint
ALTER TABLE "categoria_impuesto" DROP COLUMN "tienda_id";
--> statement-breakpoint
ALTER TABLE "categoria_impuesto" ALTER COLUMN "empresa_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "categoria_impuesto" ADD CONSTRAINT "categoria_impuesto_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresa"("id_empresa") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "categoria_impuesto" ADD CONSTRAINT "categoria_impuesto_empresa_id_categoria_pk" PRIMARY KEY ("empresa_id", "categoria");
