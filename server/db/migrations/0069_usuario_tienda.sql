-- One owner, several stores, step 2 (issue #56, ADR 043 §3): a person has a role in each store they work
-- in. Every employee that exists keeps the store and role they have (their home store, usuario.tienda_id
-- and rol_id, which stay and are carried into this table by the trigger usuario_tienda,
-- server/db/triggers/usuario.sql); the empresa's owner may give them a role in another of its stores.
CREATE TABLE "usuario_tienda" (
  "usuario_id" integer NOT NULL,
  "tienda_id" integer NOT NULL,
  "rol_id" integer NOT NULL,
  "aprobado" boolean DEFAULT true NOT NULL,
  "creado_en" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "usuario_tienda_pk" PRIMARY KEY ("usuario_id", "tienda_id")
);
--> statement-breakpoint
ALTER TABLE "usuario_tienda" ADD CONSTRAINT "usuario_tienda_usuario_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id_usuario") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "usuario_tienda" ADD CONSTRAINT "usuario_tienda_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "tienda"("id_tienda") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "usuario_tienda" ADD CONSTRAINT "usuario_tienda_rol_fk" FOREIGN KEY ("rol_id") REFERENCES "rol"("id_rol");
--> statement-breakpoint
CREATE INDEX "usuario_tienda_tienda_idx" ON "usuario_tienda" USING btree ("tienda_id");
--> statement-breakpoint
INSERT INTO "usuario_tienda" ("usuario_id", "tienda_id", "rol_id", "aprobado")
  SELECT "id_usuario", "tienda_id", "rol_id", "aprobado" FROM "usuario" WHERE "tienda_id" IS NOT NULL;
--> statement-breakpoint
-- Step 3: a store the owner opens from Sucursales has no login of its own (the owner signs in once, with
-- the empresa's store login); every store that exists keeps its email and password.
ALTER TABLE "tienda" ALTER COLUMN "correo" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "tienda" ALTER COLUMN "contrasena_hash" DROP NOT NULL;
