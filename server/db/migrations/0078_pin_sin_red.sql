-- Hand-written (issue #53 point 3, ADR 053): a supervisor's PIN checked on an offline device. The server
-- keeps a PBKDF2-SHA256 verifier of each PIN (made when the PIN is set, or at its next right check online)
-- and the PIN's version (raised each time it is set), so a sale authorised offline can be checked at sync.
ALTER TABLE "usuario" ADD COLUMN "pin_verificador" text;
--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "pin_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tienda" ADD COLUMN "pin_verificador" text;
--> statement-breakpoint
ALTER TABLE "tienda" ADD COLUMN "pin_version" integer DEFAULT 0 NOT NULL;
