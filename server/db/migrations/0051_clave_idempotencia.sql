CREATE TABLE "clave_idempotencia" (
	"sujeto" text NOT NULL,
	"clave" text NOT NULL,
	"huella" text NOT NULL,
	"estado" text NOT NULL,
	"codigo" smallint,
	"respuesta" text,
	"tienda_id" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clave_idempotencia_sujeto_clave_pk" PRIMARY KEY("sujeto","clave")
);
--> statement-breakpoint
CREATE INDEX "clave_idempotencia_creado_idx" ON "clave_idempotencia" USING btree ("creado_en");