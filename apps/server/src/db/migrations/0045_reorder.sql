ALTER TABLE "products" ADD COLUMN "reorder_min" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reorder_target" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "lead_days" integer;--> statement-breakpoint
CREATE INDEX "purchase_lines_product_idx" ON "purchase_lines" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_created_idx" ON "stock_ledger" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_lead_days_check" CHECK ("suppliers"."lead_days" BETWEEN 0 AND 90);