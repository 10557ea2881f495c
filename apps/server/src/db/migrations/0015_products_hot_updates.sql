-- A sale changes a product's qty, updated_at and changed_xid only. With none of them indexed, and
-- room left on each page, PostgreSQL updates the row in place (HOT) without writing any of the
-- table's indexes (see schema.ts, products.changedXid).
DROP INDEX "products_changed_xid_idx";--> statement-breakpoint
ALTER TABLE "products" SET (fillfactor = 90);
