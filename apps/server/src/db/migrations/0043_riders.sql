CREATE TABLE "rider_handovers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rider_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" integer NOT NULL,
	"expected" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rider_handovers_amount_check" CHECK ("rider_handovers"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "failed" text;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rider_id" integer;--> statement-breakpoint
ALTER TABLE "rider_handovers" ADD CONSTRAINT "rider_handovers_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_handovers" ADD CONSTRAINT "rider_handovers_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_handovers_rider_idx" ON "rider_handovers" USING btree ("rider_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_status_events_client_id_key" ON "order_status_events" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "order_status_events_by_idx" ON "order_status_events" USING btree ("by_user_id","at") WHERE "order_status_events"."by_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_rider_idx" ON "orders" USING btree ("rider_id") WHERE "orders"."rider_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_failed_check" CHECK ("order_status_events"."failed" IS NULL OR "order_status_events"."failed" IN ('not_home', 'refused', 'wrong_address', 'other'));--> statement-breakpoint
-- The built-in Rider role (their own deliveries only), and assigning and settling riders for the
-- manager (the owner's permissions are every permission whatever the stored list says).
INSERT INTO "staff_roles" ("key", "name", "permissions", "discount_limit", "built_in")
  VALUES ('rider', 'Rider', ARRAY['deliveries.ride']::text[], 0, true)
  ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = "permissions" || ARRAY['deliveries.assign', 'deliveries.settle']::text[]
  WHERE "key" = 'manager' AND NOT ('deliveries.assign' = ANY ("permissions"));
