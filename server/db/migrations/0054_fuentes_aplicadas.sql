-- Hand-written (issue #54 point 1, ADR 040): the database's functions and triggers are source files
-- (server/db/functions/, server/db/triggers/), applied by migrate() after the numbered migrations
-- (server/db/fuentes.ts). It records here each file's hash, so a start runs only the files that changed.
-- A numbered migration that changes a summary's meaning leaves its rebuild in fuente_despues: it runs
-- once, after the files, with the new functions. Beside drizzle's own table, out of the backups.
CREATE SCHEMA IF NOT EXISTS drizzle;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS drizzle.fuente_aplicada (
  archivo text PRIMARY KEY,
  huella text NOT NULL,
  aplicada_en timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS drizzle.fuente_despues (
  id serial PRIMARY KEY,
  sentencia text NOT NULL
);
