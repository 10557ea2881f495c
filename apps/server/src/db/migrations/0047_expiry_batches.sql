CREATE TABLE "stock_batch_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"ledger_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"qty" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"expiry" date NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"qty" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_batches_qty_check" CHECK ("stock_batches"."qty" >= 0)
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_expiry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "expiry_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "expired_sale" text DEFAULT 'approval' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "stock_batch_moves" ADD CONSTRAINT "stock_batch_moves_ledger_id_stock_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."stock_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batch_moves" ADD CONSTRAINT "stock_batch_moves_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_batch_moves_ledger_idx" ON "stock_batch_moves" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "stock_batch_moves_batch_idx" ON "stock_batch_moves" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_key" ON "stock_batches" USING btree ("product_id","expiry","code");--> statement-breakpoint
CREATE INDEX "stock_batches_expiry_idx" ON "stock_batches" USING btree ("expiry") WHERE "stock_batches"."qty" > 0;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind_check" CHECK (kind in ('discount', 'return', 'void', 'price', 'drawer', 'credit', 'expired'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_expiry_days_check" CHECK ("settings"."expiry_days" BETWEEN 1 AND 90);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_expired_sale_check" CHECK ("settings"."expired_sale" IN ('approval', 'never'));--> statement-breakpoint
-- The batches follow the ledger (ADR 0064). For a product that tracks expiry, each ledger row is
-- split over its batches here, in the transaction that wrote it (the product's row is locked by
-- every writer of the ledger, so two never split at once):
--   * the row names a batch (batch_id): a purchase line's batch gets what came in, a batch written
--     off gives what went out (up to what it holds; any rest is split as below);
--   * out, no batch named: first the stock with no date (from before the product tracked expiry,
--     or found), then the batches first-expiring-first;
--   * in, no batch named, of an order (a return, a cancellation, a deleted order): back into the
--     batches that order took, first-expiring-first, up to what it took; the rest has no date;
--   * out, of a purchase or a stock entry (deleted): first from the batches it put in.
-- A batch never holds more than the product has on hand: stock that came in while the quantity
-- was below 0 covers what was sold before it came.
CREATE FUNCTION stock_batches_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tracks boolean;
  before numeric;
  dated numeric;
  need numeric;
  take numeric;
  b record;
BEGIN
  IF NEW.product_id IS NULL OR NEW.delta = 0 THEN RETURN NULL; END IF;
  SELECT track_expiry INTO tracks FROM products WHERE id = NEW.product_id;
  IF NOT coalesce(tracks, false) THEN RETURN NULL; END IF;
  before := NEW.qty_after - NEW.delta;
  IF NEW.delta > 0 THEN
    -- What covers stock sold below 0 goes to no batch.
    need := least(NEW.delta, greatest(NEW.qty_after, 0));
    IF need <= 0 THEN RETURN NULL; END IF;
    IF NEW.batch_id IS NOT NULL THEN
      UPDATE stock_batches SET qty = qty + need WHERE id = NEW.batch_id AND product_id = NEW.product_id;
      IF FOUND THEN
        INSERT INTO stock_batch_moves (ledger_id, batch_id, qty) VALUES (NEW.id, NEW.batch_id, need);
      END IF;
      RETURN NULL;
    END IF;
    IF NEW.order_id IS NULL THEN RETURN NULL; END IF;
    FOR b IN
      SELECT m.batch_id AS id, -sum(m.qty) AS taken
      FROM stock_batch_moves m
      JOIN stock_ledger l ON l.id = m.ledger_id
      JOIN stock_batches sb ON sb.id = m.batch_id
      WHERE l.order_id = NEW.order_id AND l.product_id = NEW.product_id AND l.id <> NEW.id
      GROUP BY m.batch_id, sb.expiry
      HAVING sum(m.qty) < 0
      ORDER BY sb.expiry, m.batch_id
    LOOP
      EXIT WHEN need <= 0;
      take := least(need, b.taken);
      UPDATE stock_batches SET qty = qty + take WHERE id = b.id;
      INSERT INTO stock_batch_moves (ledger_id, batch_id, qty) VALUES (NEW.id, b.id, take);
      need := need - take;
    END LOOP;
    RETURN NULL;
  END IF;
  -- Out.
  need := -NEW.delta;
  IF NEW.batch_id IS NOT NULL THEN
    SELECT least(qty, need) INTO take FROM stock_batches
    WHERE id = NEW.batch_id AND product_id = NEW.product_id;
    IF coalesce(take, 0) > 0 THEN
      UPDATE stock_batches SET qty = qty - take WHERE id = NEW.batch_id;
      INSERT INTO stock_batch_moves (ledger_id, batch_id, qty) VALUES (NEW.id, NEW.batch_id, -take);
      need := need - take;
      before := before - take;
    END IF;
  END IF;
  IF need > 0 AND (NEW.purchase_id IS NOT NULL OR NEW.stock_entry_id IS NOT NULL) THEN
    FOR b IN
      SELECT m.batch_id AS id, least(sum(m.qty), max(sb.qty)) AS left_in
      FROM stock_batch_moves m
      JOIN stock_ledger l ON l.id = m.ledger_id
      JOIN stock_batches sb ON sb.id = m.batch_id
      WHERE l.product_id = NEW.product_id AND l.id <> NEW.id
        AND (l.purchase_id = NEW.purchase_id OR l.stock_entry_id = NEW.stock_entry_id)
      GROUP BY m.batch_id
      HAVING sum(m.qty) > 0 AND max(sb.qty) > 0
      ORDER BY m.batch_id
    LOOP
      EXIT WHEN need <= 0;
      take := least(need, b.left_in);
      UPDATE stock_batches SET qty = qty - take WHERE id = b.id;
      INSERT INTO stock_batch_moves (ledger_id, batch_id, qty) VALUES (NEW.id, b.id, -take);
      need := need - take;
      before := before - take;
    END LOOP;
  END IF;
  IF need <= 0 THEN RETURN NULL; END IF;
  SELECT coalesce(sum(qty), 0) INTO dated FROM stock_batches WHERE product_id = NEW.product_id;
  need := need - greatest(before - dated, 0);
  IF need <= 0 THEN RETURN NULL; END IF;
  FOR b IN
    SELECT id, qty FROM stock_batches
    WHERE product_id = NEW.product_id AND qty > 0
    ORDER BY expiry, id
  LOOP
    EXIT WHEN need <= 0;
    take := least(need, b.qty);
    UPDATE stock_batches SET qty = qty - take WHERE id = b.id;
    INSERT INTO stock_batch_moves (ledger_id, batch_id, qty) VALUES (NEW.id, b.id, -take);
    need := need - take;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_batches_follow AFTER INSERT ON stock_ledger
  FOR EACH ROW EXECUTE FUNCTION stock_batches_follow();
