CREATE TABLE "product_deletions" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"deleted_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provisional" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "differences" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_deletions_xid_idx" ON "product_deletions" USING btree ("deleted_xid");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_client_id_key" ON "order_lines" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_id_key" ON "orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "orders_differences_idx" ON "orders" USING btree ("created_at") WHERE "orders"."differences" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_client_id_key" ON "payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "products_changed_xid_idx" ON "products" USING btree ("changed_xid");--> statement-breakpoint
-- Every write to a product records its transaction, and a deleted product leaves its id behind:
-- the till's catalogue delta is what a transaction at or after the till's version wrote.
CREATE FUNCTION products_mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_changed BEFORE UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_mark_changed();--> statement-breakpoint
CREATE FUNCTION products_mark_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_deletions" ("product_id") VALUES (OLD."id")
    ON CONFLICT ("product_id") DO UPDATE SET "deleted_xid" = pg_current_xact_id();
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER products_deleted AFTER DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_mark_deleted();
