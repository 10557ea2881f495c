ALTER TABLE "cash_closes" ADD COLUMN "cash_sales" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "float" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD COLUMN "cash_suppliers" integer DEFAULT 0 NOT NULL;