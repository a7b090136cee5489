-- A DIAN note knows the return it corrects, so a note that failed to be issued is found and issued by
-- the outbox's sweep, exactly once (issue #57, ADR 045 "Notes that failed to be issued").
-- documento_dian.devolucion_id: the return a concept-1 note corrects; one note per return, one
-- annulment note per sale (two instances of the sweep, a retried request: the second insert fails).
ALTER TABLE "documento_dian" ADD COLUMN "devolucion_id" integer;
--> statement-breakpoint
ALTER TABLE "documento_dian" ADD CONSTRAINT "documento_dian_devolucion_id_fk" FOREIGN KEY ("devolucion_id") REFERENCES "devolucion"("id_devolucion") ON DELETE SET NULL;
--> statement-breakpoint
-- The notes issued before: the n-th return note of a sale is its n-th return (each was issued right
-- after its return committed, in that order); a sale with more notes than returns links none beyond.
UPDATE "documento_dian" d SET "devolucion_id" = p."id_devolucion"
FROM (
  SELECT n."id_documento", r."id_devolucion"
  FROM (SELECT "id_documento", "venta_id", row_number() OVER (PARTITION BY "venta_id" ORDER BY "id_documento") AS k
        FROM "documento_dian" WHERE "concepto" = 1 AND "tipo" IN ('94', '91') AND "venta_id" IS NOT NULL) n
  JOIN (SELECT "id_devolucion", "venta_id", row_number() OVER (PARTITION BY "venta_id" ORDER BY "id_devolucion") AS k
        FROM "devolucion") r ON r."venta_id" = n."venta_id" AND r.k = n.k
) p
WHERE d."id_documento" = p."id_documento";
--> statement-breakpoint
CREATE UNIQUE INDEX "documento_dian_devolucion_uq" ON "documento_dian" USING btree ("devolucion_id") WHERE "devolucion_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "documento_dian_anulacion_uq" ON "documento_dian" USING btree ("venta_id") WHERE "concepto" = 2 AND "venta_id" IS NOT NULL;
