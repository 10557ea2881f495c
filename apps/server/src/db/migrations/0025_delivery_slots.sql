ALTER TABLE "areas" ADD COLUMN "charge" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_start" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_end" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "delivery_slots" jsonb DEFAULT '{"slots":[],"days_ahead":2,"cutoff_minutes":60}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("delivery_date","slot_start") WHERE "orders"."delivery_date" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_charge_check" CHECK ("areas"."charge" >= 0);