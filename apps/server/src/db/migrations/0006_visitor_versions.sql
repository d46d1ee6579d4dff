ALTER TABLE "tracking_visitors" ADD COLUMN "version" bigint DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Aborts the statement that calls it (all its writes roll back) with SQLSTATE RIV01: an ingest flush whose
-- visitor states were changed by another writer, or whose events were already stored, is redone under locks.
CREATE OR REPLACE FUNCTION ingest_conflict(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'RIV01', MESSAGE = reason;
END
$$;
