CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"attri" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"buyprice" integer NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	CONSTRAINT "return_lines_quantity_check" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"value" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"shift_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_value_check" CHECK ("returns"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shift_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_moves_amount_check" CHECK ("shift_moves"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"opening_float" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"expected" integer,
	"counted" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "shifts_money_check" CHECK ("shifts"."opening_float" >= 0 AND ("shifts"."counted" IS NULL OR "shifts"."counted" >= 0))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_due_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "by_method" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "returns" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "cash_moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "drawer" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tendered" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "plu" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "shop_name" text DEFAULT 'Bazar' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "scale_rules" jsonb DEFAULT '[{"prefix":"21","kind":"weight"},{"prefix":"23","kind":"price"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "till_ship" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "receipt_footer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_moves" ADD CONSTRAINT "shift_moves_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_moves" ADD CONSTRAINT "shift_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shift_moves_shift_idx" ON "shift_moves" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_open_key" ON "shifts" USING btree ("user_id") WHERE "shifts"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shifts_opened_idx" ON "shifts" USING btree ("opened_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shift_idx" ON "orders" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "payments_shift_idx" ON "payments" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_plu_key" ON "products" USING btree ("plu") WHERE "products"."plu" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."subtotal" >= 0 AND "orders"."ship" >= 0 AND "orders"."discount" >= 0 AND "orders"."paid" >= 0 AND "orders"."returned" >= 0 AND "orders"."returned" <= "orders"."subtotal");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_due_check" CHECK ("orders"."due" = "orders"."subtotal" - "orders"."returned" + "orders"."ship" - "orders"."discount" - "orders"."paid");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tendered_check" CHECK ("payments"."tendered" IS NULL OR "payments"."tendered" >= "payments"."amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" <> 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK (method in ('cash', 'bkash', 'nagad', 'card', 'balance'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_plu_check" CHECK ("products"."plu" IS NULL OR "products"."plu" ~ '^[0-9]{5}$');--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_reason_check" CHECK (reason in ('initial', 'adjustment', 'order', 'return', 'cancel', 'reactivate', 'order-delete', 'stock-entry', 'stock-entry-delete'));