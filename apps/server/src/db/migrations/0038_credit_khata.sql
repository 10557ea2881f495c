CREATE TABLE "due_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer,
	"owed_before" integer NOT NULL,
	"paid" integer NOT NULL,
	"payments" jsonb NOT NULL,
	"orders" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "due_receipts_paid_check" CHECK ("due_receipts"."paid" > 0 AND "due_receipts"."paid" <= "due_receipts"."owed_before")
);
--> statement-breakpoint
CREATE TABLE "dues_reminders" (
	"month" text PRIMARY KEY NOT NULL,
	"over" integer NOT NULL,
	"sent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "credit_limit" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "dues_reminder_over" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_limit" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "due_receipts_client_key" ON "due_receipts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "due_receipts_customer_idx" ON "due_receipts" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_credit_limit_check" CHECK ("settings"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_dues_reminder_check" CHECK ("settings"."dues_reminder_over" >= 1);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_limit_check" CHECK ("users"."credit_limit" >= 0);