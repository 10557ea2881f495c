-- An order's upsert of its products' tally rows changes only qty: without an index on it, and with
-- room left on each page, the update is HOT (no index written). The all-time list sorts instead.
DROP INDEX "product_sales_qty_idx";--> statement-breakpoint
ALTER TABLE "product_sales" SET (fillfactor = 70);
