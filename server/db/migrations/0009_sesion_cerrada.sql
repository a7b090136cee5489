CREATE TABLE "sesion_cerrada" (
	"jti" text PRIMARY KEY NOT NULL,
	"vence_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sesion_cerrada_vence_idx" ON "sesion_cerrada" USING btree ("vence_en");