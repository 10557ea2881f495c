CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"payment_id" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"trx_id" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount" > 0),
	CONSTRAINT "payment_attempts_refunded_check" CHECK ("payment_attempts"."refunded" >= 0 AND "payment_attempts"."refunded" <= "payment_attempts"."amount"),
	CONSTRAINT "payment_attempts_gateway_check" CHECK (gateway in ('bkash', 'sslcommerz')),
	CONSTRAINT "payment_attempts_status_check" CHECK (status in ('started', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_payment_id_key" ON "payment_attempts" USING btree ("gateway","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_trx_id_key" ON "payment_attempts" USING btree ("gateway","trx_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK (method in ('cash', 'bkash', 'nagad', 'card', 'balance', 'sslcommerz'));