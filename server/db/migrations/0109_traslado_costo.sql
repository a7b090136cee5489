-- ADR 056 addendum (issue #56, numbers that agree): a transfer carries the value of its goods. Each
-- line keeps the origin's unit cost when it was dispatched; each receipt blends it into the
-- destination's average cost, as a purchase receipt does. Lines dispatched before this migration keep
-- NULL: their receipts leave the destination's cost as before.
ALTER TABLE "traslado_linea" ADD COLUMN "costo_unit" bigint;
