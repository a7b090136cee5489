ALTER TABLE "permiso_rol" ADD COLUMN "devolver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devolucion" ADD COLUMN "monto_fiado" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devolucion" ADD COLUMN "referencia" text;--> statement-breakpoint
-- Issue #51 point 3: a store's Encargado (role 3) keeps returning without a PIN, as before; a cashier (role 2) now needs the permission or a supervisor's PIN.
UPDATE "permiso_rol" SET "devolver" = true WHERE "rol_id" = 3;--> statement-breakpoint
-- Returns made before: one to fiado was wholly credited to the customer's account.
UPDATE "devolucion" SET "monto_fiado" = "total" WHERE "metodo_pago_id" = 7;--> statement-breakpoint
ALTER TABLE "devolucion" ADD CONSTRAINT "devolucion_monto_fiado_rango" CHECK ("devolucion"."monto_fiado" >= 0 and "devolucion"."monto_fiado" <= "devolucion"."total" and ("devolucion"."metodo_pago_id" <> 7 or "devolucion"."monto_fiado" = "devolucion"."total"));