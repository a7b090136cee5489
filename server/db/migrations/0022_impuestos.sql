CREATE TABLE "categoria_impuesto" (
	"tienda_id" integer NOT NULL,
	"categoria" text NOT NULL,
	"impuesto" text NOT NULL,
	CONSTRAINT "categoria_impuesto_tienda_id_categoria_pk" PRIMARY KEY("tienda_id","categoria"),
	CONSTRAINT "categoria_impuesto_valido" CHECK ("categoria_impuesto"."impuesto" in ('iva19', 'iva5', 'exento', 'excluido', 'inc8', 'bolsa'))
);
--> statement-breakpoint
CREATE TABLE "perfil_fiscal" (
	"tienda_id" integer PRIMARY KEY NOT NULL,
	"razon_social" text NOT NULL,
	"tipo_persona" text NOT NULL,
	"nit" text NOT NULL,
	"dv" integer NOT NULL,
	"responsabilidades" text[] DEFAULT '{}'::text[] NOT NULL,
	"responsable_iva" boolean DEFAULT false NOT NULL,
	"departamento" text NOT NULL,
	"municipio" text NOT NULL,
	"direccion" text NOT NULL,
	"telefono" text,
	"correo" text NOT NULL,
	"documento_informativo" boolean DEFAULT false NOT NULL,
	"valor_inc_bolsa" bigint DEFAULT 0 NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perfil_fiscal_tipo_persona" CHECK ("perfil_fiscal"."tipo_persona" in ('natural', 'juridica')),
	CONSTRAINT "perfil_fiscal_nit" CHECK ("perfil_fiscal"."nit" ~ '^[0-9]{1,15}$'),
	CONSTRAINT "perfil_fiscal_dv" CHECK ("perfil_fiscal"."dv" between 0 and 9),
	CONSTRAINT "perfil_fiscal_valor_bolsa" CHECK ("perfil_fiscal"."valor_inc_bolsa" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "impuesto" text;--> statement-breakpoint
ALTER TABLE "producto" ADD COLUMN "unidad_dian" text DEFAULT '94' NOT NULL;--> statement-breakpoint
ALTER TABLE "factura" ADD COLUMN "impuesto" text;--> statement-breakpoint
ALTER TABLE "factura" ADD COLUMN "valor_bolsa" bigint;--> statement-breakpoint
ALTER TABLE "categoria_impuesto" ADD CONSTRAINT "categoria_impuesto_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_fiscal" ADD CONSTRAINT "perfil_fiscal_tienda_id_tienda_id_tienda_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tienda"("id_tienda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_impuesto_valido" CHECK ("producto"."impuesto" is null or "producto"."impuesto" in ('iva19', 'iva5', 'exento', 'excluido', 'inc8', 'bolsa'));--> statement-breakpoint
ALTER TABLE "producto" ADD CONSTRAINT "producto_unidad_dian_valida" CHECK ("producto"."unidad_dian" in ('94', 'KGM', 'GRM', 'LTR', 'MLT'));--> statement-breakpoint
-- Issue #30: each sale line records the tax it was sold with, on every face (till, back-office, legacy),
-- without touching the checkout: the product's own tax, else its category's; the bag's INC per unit from
-- the store's fiscal profile. Only for a store responsible for IVA; for any other store the line stays
-- as before (null). Base and tax are derived from it in shared/impuestos.ts (ADR 021).
CREATE FUNCTION factura_impuesto() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bolsa bigint;
BEGIN
  SELECT pf.valor_inc_bolsa INTO v_bolsa FROM perfil_fiscal pf WHERE pf.tienda_id = NEW.tienda_id AND pf.responsable_iva;
  IF NOT FOUND THEN
    NEW.impuesto := NULL;
    NEW.valor_bolsa := NULL;
    RETURN NEW;
  END IF;
  SELECT coalesce(p.impuesto, ci.impuesto) INTO NEW.impuesto
  FROM producto p LEFT JOIN categoria_impuesto ci ON ci.tienda_id = p.tienda_id AND ci.categoria = p.categoria
  WHERE p.id_producto = NEW.producto_id;
  NEW.valor_bolsa := CASE WHEN NEW.impuesto = 'bolsa' THEN v_bolsa END;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER factura_impuesto BEFORE INSERT OR UPDATE OF producto_id ON factura FOR EACH ROW EXECUTE FUNCTION factura_impuesto();
