CREATE TABLE "stocktake_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"stocktake_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" numeric(12, 2) NOT NULL,
	"user_id" integer,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stocktake_lines" (
	"stocktake_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"expected" numeric(12, 2) NOT NULL,
	"approved_at" timestamp with time zone,
	"counted" numeric(12, 2),
	"delta" numeric(12, 2),
	CONSTRAINT "stocktake_lines_stocktake_id_product_id_pk" PRIMARY KEY("stocktake_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stocktakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"scope" jsonb NOT NULL,
	"start_ledger_id" integer NOT NULL,
	"by_user_id" integer,
	"closed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "stocktakes_status_check" CHECK ("stocktakes"."status" IN ('open', 'approved', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "stocktake_id" integer;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "unit_cost" integer;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stocktake_counts" ADD CONSTRAINT "stocktake_counts_stocktake_id_stocktakes_id_fk" FOREIGN KEY ("stocktake_id") REFERENCES "public"."stocktakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_counts" ADD CONSTRAINT "stocktake_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_lines" ADD CONSTRAINT "stocktake_lines_stocktake_id_stocktakes_id_fk" FOREIGN KEY ("stocktake_id") REFERENCES "public"."stocktakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_lines" ADD CONSTRAINT "stocktake_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktakes" ADD CONSTRAINT "stocktakes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktakes" ADD CONSTRAINT "stocktakes_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stocktake_counts_line_idx" ON "stocktake_counts" USING btree ("stocktake_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stocktake_counts_client_id_key" ON "stocktake_counts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_loss_idx" ON "stock_ledger" USING btree ("created_at") WHERE "stock_ledger"."reason" = 'count' OR "stock_ledger"."reason" LIKE 'adjust:%';--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_reason_check" CHECK (reason in ('initial', 'adjustment', 'order', 'return', 'cancel', 'reactivate', 'order-delete', 'stock-entry', 'stock-entry-delete', 'import', 'purchase', 'purchase-delete', 'count', 'adjust:damaged', 'adjust:expired', 'adjust:lost', 'adjust:own_use', 'adjust:found', 'adjust:other'));--> statement-breakpoint
-- Counting the shelf for the stock keeper and the manager; reviewing and approving counts for the
-- manager (the owner holds every permission whatever the stored list says).
UPDATE "staff_roles" SET "permissions" = "permissions" || ARRAY['stock.count']::text[]
  WHERE "key" IN ('manager', 'stock') AND NOT ('stock.count' = ANY ("permissions"));
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = "permissions" || ARRAY['stock.approve']::text[]
  WHERE "key" = 'manager' AND NOT ('stock.approve' = ANY ("permissions"));
