CREATE TABLE "money_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text,
	"user_id" integer,
	"shift_id" integer,
	"order_id" integer,
	"customer_id" integer,
	"supplier_id" integer,
	"payment_id" integer,
	"supplier_payment_id" integer,
	"expense_id" integer,
	"move_id" integer,
	"return_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_ledger_amount_check" CHECK ("money_ledger"."amount" <> 0),
	CONSTRAINT "money_ledger_kind_check" CHECK (kind in ('payment', 'change', 'refund', 'advance', 'supplier_payment', 'float', 'drawer', 'expense', 'opening'))
);
--> statement-breakpoint
CREATE INDEX "money_ledger_order_idx" ON "money_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "money_ledger_customer_idx" ON "money_ledger" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "money_ledger_supplier_idx" ON "money_ledger" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "money_ledger_shift_idx" ON "money_ledger" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "money_ledger_payment_idx" ON "money_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "money_ledger_created_idx" ON "money_ledger" USING btree ("created_at");--> statement-breakpoint
-- The ledger begins with what the shop holds today: every payment and refund of every order (cash
-- kept and change given apart), every supplier payment, every shift's float and drawer move,
-- every expense, and each customer's advance and each supplier's due as they stand (an opening
-- row for whatever the rows above do not explain).
INSERT INTO "money_ledger" ("kind", "method", "amount", "reference", "user_id", "shift_id", "order_id", "customer_id", "payment_id", "return_id", "created_at")
SELECT CASE WHEN p."amount" < 0 THEN 'refund' ELSE 'payment' END, p."method",
  CASE WHEN p."tendered" > p."amount" THEN p."tendered" ELSE p."amount" END,
  p."reference", p."user_id", p."shift_id", p."order_id", o."user_id", p."id", p."return_id", p."created_at"
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id" WHERE p."amount" <> 0;
--> statement-breakpoint
INSERT INTO "money_ledger" ("kind", "method", "amount", "user_id", "shift_id", "order_id", "customer_id", "payment_id", "created_at")
SELECT 'change', 'cash', p."amount" - p."tendered", p."user_id", p."shift_id", p."order_id", o."user_id", p."id", p."created_at"
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id" WHERE p."amount" > 0 AND p."tendered" > p."amount";
--> statement-breakpoint
INSERT INTO "money_ledger" ("kind", "method", "amount", "user_id", "supplier_id", "supplier_payment_id", "created_at")
SELECT 'supplier_payment', s."method", -s."amount", s."user_id", s."supplier_id", s."id", s."created_at"
FROM "supplier_payments" s;
--> statement-breakpoint
INSERT INTO "money_ledger" ("kind", "method", "amount", "user_id", "shift_id", "created_at")
SELECT 'float', 'cash', s."opening_float", s."user_id", s."id", s."opened_at" FROM "shifts" s WHERE s."opening_float" > 0;
--> statement-breakpoint
INSERT INTO "money_ledger" ("kind", "method", "amount", "reference", "user_id", "shift_id", "move_id", "created_at")
SELECT 'drawer', 'cash', m."amount", m."reason", m."user_id", m."shift_id", m."id", m."created_at" FROM "shift_moves" m;
--> statement-breakpoint
INSERT INTO "money_ledger" ("kind", "method", "amount", "reference", "user_id", "expense_id", "created_at")
SELECT 'expense', 'cash', -e."amount", e."details", e."user_id", e."id", e."created_at" FROM "expenses" e;
--> statement-breakpoint
INSERT INTO "money_ledger" ("kind", "method", "amount", "customer_id")
SELECT 'opening', 'balance', u."balance", u."id" FROM "users" u WHERE u."balance" <> 0;
--> statement-breakpoint
INSERT INTO "money_ledger" ("kind", "method", "amount", "supplier_id")
SELECT 'opening', 'none', d."opening", d."id" FROM (
  SELECT s."id", s."due"
    - coalesce((SELECT sum(p."total") FROM "purchases" p WHERE p."supplier_id" = s."id"), 0)
    + coalesce((SELECT sum(sp."amount") FROM "supplier_payments" sp WHERE sp."supplier_id" = s."id"), 0) AS "opening"
  FROM "suppliers" s) d
WHERE d."opening" <> 0;
