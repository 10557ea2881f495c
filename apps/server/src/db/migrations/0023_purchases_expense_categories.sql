CREATE TABLE "expense_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_bn" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"attri" text DEFAULT '' NOT NULL,
	"title_bn" text DEFAULT '' NOT NULL,
	"attri_bn" text DEFAULT '' NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"buyprice" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "purchase_lines_check" CHECK ("purchase_lines"."quantity" > 0 AND "purchase_lines"."buyprice" >= 0 AND "purchase_lines"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"invoice" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"total" integer NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_money_check" CHECK ("purchases"."total" >= 0 AND "purchases"."paid" >= 0 AND "purchases"."paid" <= "purchases"."total")
);
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"purchase_id" integer,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_payments_amount_check" CHECK ("supplier_payments"."amount" > 0),
	CONSTRAINT "supplier_payments_method_check" CHECK ("supplier_payments"."method" IN ('cash', 'bkash', 'nagad', 'card'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"due" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_due_check" CHECK ("suppliers"."due" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "category" text DEFAULT 'Other' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_categories_title_key" ON "expense_categories" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "purchase_lines_purchase_idx" ON "purchase_lines" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchases_supplier_idx" ON "purchases" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "purchases_day_idx" ON "purchases" USING btree ("day");--> statement-breakpoint
CREATE INDEX "supplier_payments_supplier_idx" ON "supplier_payments" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_key" ON "suppliers" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_reason_check" CHECK (reason in ('initial', 'adjustment', 'order', 'return', 'cancel', 'reactivate', 'order-delete', 'stock-entry', 'stock-entry-delete', 'import', 'purchase', 'purchase-delete'));--> statement-breakpoint
INSERT INTO "expense_categories" ("title", "title_bn") VALUES
  ('Rent', 'ভাড়া'),
  ('Salary', 'বেতন'),
  ('Utilities', 'বিদ্যুৎ-গ্যাস-পানি'),
  ('Transport', 'যাতায়াত'),
  ('Other', 'অন্যান্য')
ON CONFLICT DO NOTHING;
