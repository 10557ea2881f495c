CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"role" text,
	"ip" text,
	"till" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"seq" bigint,
	"prev_hash" text,
	"hash" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_key" ON "audit_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("id") WHERE "audit_events"."seq" IS NULL;--> statement-breakpoint
-- Append only: a row is never changed or removed, but for the one write that seals it (its seq,
-- prev_hash and hash, set once, nothing else touched).
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.seq IS NULL AND NEW.seq IS NOT NULL AND NEW.hash IS NOT NULL
     AND (NEW.id, NEW.at, NEW.staff_id, NEW.role, NEW.ip, NEW.till, NEW.action, NEW.entity, NEW.entity_id, NEW.changes, NEW.txid)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.at, OLD.staff_id, OLD.role, OLD.ip, OLD.till, OLD.action, OLD.entity, OLD.entity_id, OLD.changes, OLD.txid)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
