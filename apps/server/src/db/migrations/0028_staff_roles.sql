CREATE TABLE "staff_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"discount_limit" integer,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_discount_limit_check" CHECK ("staff_roles"."discount_limit" IS NULL OR "staff_roles"."discount_limit" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_key_key" ON "staff_roles" USING btree ("key");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_id_staff_roles_id_fk" FOREIGN KEY ("staff_role_id") REFERENCES "public"."staff_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The built-in roles (the owner's permissions are every permission whatever this list says).
INSERT INTO "staff_roles" ("key", "name", "permissions", "discount_limit", "built_in") VALUES
  ('owner', 'Owner', ARRAY['dashboard.view', 'till.sell', 'till.drawer', 'till.shifts', 'orders.view', 'orders.edit', 'orders.returns', 'orders.delete', 'orders.refund_online', 'customers.view', 'customers.edit', 'customers.balance', 'customers.dues', 'customers.delete', 'customers.import', 'products.view', 'products.edit', 'products.prices', 'products.buy_prices', 'stock.view', 'stock.edit', 'stock.requests', 'purchases.manage', 'suppliers.manage', 'expenses.manage', 'cash.close', 'reports.view', 'reports.profit', 'exports.download', 'sms.marketing', 'settings.edit', 'settings.gateways', 'backups.manage', 'staff.manage', 'audit.view']::text[], NULL, true),
  ('manager', 'Manager', ARRAY['dashboard.view', 'till.sell', 'till.drawer', 'till.shifts', 'orders.view', 'orders.edit', 'orders.returns', 'orders.delete', 'orders.refund_online', 'customers.view', 'customers.edit', 'customers.balance', 'customers.dues', 'customers.delete', 'customers.import', 'products.view', 'products.edit', 'products.prices', 'products.buy_prices', 'stock.view', 'stock.edit', 'stock.requests', 'purchases.manage', 'suppliers.manage', 'expenses.manage', 'cash.close', 'reports.view', 'reports.profit', 'exports.download', 'sms.marketing', 'settings.edit']::text[], NULL, true),
  ('cashier', 'Cashier', ARRAY['till.sell', 'till.drawer', 'orders.view', 'orders.returns', 'customers.view', 'customers.edit', 'customers.dues']::text[], 5, true),
  ('stock', 'Stock keeper', ARRAY['products.view', 'products.edit', 'stock.view', 'stock.edit', 'stock.requests', 'purchases.manage', 'suppliers.manage']::text[], 0, true);
--> statement-breakpoint
-- Every admin until now is the shop's owner.
UPDATE "users" SET "staff_role_id" = (SELECT "id" FROM "staff_roles" WHERE "key" = 'owner') WHERE "role" = 23314;
--> statement-breakpoint
-- An account made an admin without a role (the ADMIN_PHONE start, `npm run admin`) is an owner; an
-- account that stops being an admin stops being staff.
CREATE FUNCTION users_staff_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 23314 AND NEW.staff_role_id IS NULL THEN
    NEW.staff_role_id := (SELECT id FROM staff_roles WHERE key = 'owner');
  ELSIF NEW.role <> 23314 THEN
    NEW.staff_role_id := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_staff_role BEFORE INSERT OR UPDATE OF role, staff_role_id ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_staff_role();
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK (("users"."role" = 23314) = ("users"."staff_role_id" IS NOT NULL));