ALTER TABLE "order_lines" ADD COLUMN "unit" text DEFAULT 'pcs' NOT NULL;--> statement-breakpoint
-- Lines sold before this column: the unit their product has now (a deleted product's stay pcs).
UPDATE "order_lines" AS l SET "unit" = p."unit" FROM "products" AS p WHERE p."id" = l."product_id" AND p."unit" <> 'pcs';--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_unit_check" CHECK ("order_lines"."unit" in ('pcs', 'kg', 'litre'));