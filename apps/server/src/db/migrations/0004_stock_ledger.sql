CREATE TABLE "stock_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"delta" numeric(12, 2) NOT NULL,
	"qty_after" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"stock_entry_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_reason_check" CHECK (reason in ('initial', 'adjustment', 'order', 'cancel', 'reactivate', 'order-delete', 'stock-entry', 'stock-entry-delete'))
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id");