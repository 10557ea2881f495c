ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'pcs' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sms_budget" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "kind" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_created_idx" ON "sms_outbox" USING btree ("to_phone","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('pcs', 'kg', 'litre'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_sms_budget_check" CHECK ("settings"."sms_budget" >= 0);--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_kind_check" CHECK (kind in ('code', 'order', 'restock', 'notice', 'marketing', 'staff', 'message'));--> statement-breakpoint
-- Codes queued before this release: mark them, and redact the ones already sent or given up.
UPDATE "sms_outbox" SET "kind" = 'code', "sensitive" = true
  WHERE "message" ~ '^Your (verification|password reset) code is [0-9]{6}\.';--> statement-breakpoint
UPDATE "sms_outbox" SET "message" = regexp_replace("message", '[0-9]{4,}', '******', 'g')
  WHERE "sensitive" AND "status" <> 'pending';
