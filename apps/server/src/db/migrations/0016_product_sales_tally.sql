CREATE TABLE "product_sales" (
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"attri" text NOT NULL,
	"price" integer NOT NULL,
	"buyprice" integer NOT NULL,
	"qty" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_sales_key" ON "product_sales" USING btree ("product_id","title","attri","price","buyprice");--> statement-breakpoint
CREATE INDEX "product_sales_qty_idx" ON "product_sales" USING btree ("qty" DESC NULLS LAST,"title");--> statement-breakpoint
-- The tally follows every write that changes what sold (see schema.ts, productSales): lines
-- written or deleted (and a deleted product's lines losing their product), returns, an order
-- cancelled or taken back from cancelled, an order or a return deleted. Cancelled orders (status
-- 4) count nothing. Statement-level triggers add up a whole statement's lines in one upsert.
CREATE FUNCTION product_sales_add_order(p_order int, p_sign int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_sales AS s (product_id, title, attri, price, buyprice, qty)
  SELECT coalesce(product_id, 0), title, attri, price, buyprice, sum(qty) FROM (
    SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, p_sign * l.quantity AS qty
    FROM order_lines l WHERE l.order_id = p_order
    UNION ALL
    SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, -p_sign * l.quantity
    FROM return_lines l JOIN returns r ON r.id = l.return_id WHERE r.order_id = p_order) AS m
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (product_id, title, attri, price, buyprice) DO UPDATE SET qty = s.qty + EXCLUDED.qty
$$;--> statement-breakpoint
CREATE FUNCTION product_sales_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO product_sales AS s (product_id, title, attri, price, buyprice, qty)
    SELECT coalesce(n.product_id, 0), n.title, n.attri, n.price, n.buyprice, sum(n.quantity)
    FROM new_rows n JOIN orders o ON o.id = n.order_id AND o.status <> 4
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (product_id, title, attri, price, buyprice) DO UPDATE SET qty = s.qty + EXCLUDED.qty;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO product_sales AS s (product_id, title, attri, price, buyprice, qty)
    SELECT coalesce(d.product_id, 0), d.title, d.attri, d.price, d.buyprice, -sum(d.quantity)
    FROM old_rows d JOIN orders o ON o.id = d.order_id AND o.status <> 4
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (product_id, title, attri, price, buyprice) DO UPDATE SET qty = s.qty + EXCLUDED.qty;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_sales_lines_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sales_lines();--> statement-breakpoint
CREATE TRIGGER product_sales_lines_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sales_lines();--> statement-breakpoint
CREATE TRIGGER product_sales_lines_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sales_lines();--> statement-breakpoint
CREATE FUNCTION product_sales_return_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO product_sales AS s (product_id, title, attri, price, buyprice, qty)
    SELECT coalesce(n.product_id, 0), n.title, n.attri, n.price, n.buyprice, -sum(n.quantity)
    FROM new_rows n JOIN returns r ON r.id = n.return_id JOIN orders o ON o.id = r.order_id AND o.status <> 4
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (product_id, title, attri, price, buyprice) DO UPDATE SET qty = s.qty + EXCLUDED.qty;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO product_sales AS s (product_id, title, attri, price, buyprice, qty)
    SELECT coalesce(d.product_id, 0), d.title, d.attri, d.price, d.buyprice, sum(d.quantity)
    FROM old_rows d JOIN returns r ON r.id = d.return_id JOIN orders o ON o.id = r.order_id AND o.status <> 4
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (product_id, title, attri, price, buyprice) DO UPDATE SET qty = s.qty + EXCLUDED.qty;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_sales_return_lines_insert AFTER INSERT ON return_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sales_return_lines();--> statement-breakpoint
CREATE TRIGGER product_sales_return_lines_update AFTER UPDATE ON return_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sales_return_lines();--> statement-breakpoint
CREATE TRIGGER product_sales_return_lines_delete AFTER DELETE ON return_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sales_return_lines();--> statement-breakpoint
-- Cancelled or taken back from cancelled: the whole order (less its returns) goes out or back in.
CREATE FUNCTION product_sales_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.status = 4) <> (NEW.status = 4) THEN
    PERFORM product_sales_add_order(NEW.id, CASE WHEN NEW.status = 4 THEN -1 ELSE 1 END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_sales_order_status AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION product_sales_order_status();--> statement-breakpoint
-- A deleted order takes its lines and returns with it (the cascade's own triggers no longer find
-- the order, so they count nothing): it is taken out of the tally before it goes.
CREATE FUNCTION product_sales_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 4 THEN PERFORM product_sales_add_order(OLD.id, -1); END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER product_sales_order_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION product_sales_order_delete();--> statement-breakpoint
-- Likewise a deleted return: what it took back counts as sold again.
CREATE FUNCTION product_sales_return_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales AS s (product_id, title, attri, price, buyprice, qty)
  SELECT coalesce(l.product_id, 0), l.title, l.attri, l.price, l.buyprice, sum(l.quantity)
  FROM return_lines l JOIN orders o ON o.id = OLD.order_id AND o.status <> 4
  WHERE l.return_id = OLD.id
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (product_id, title, attri, price, buyprice) DO UPDATE SET qty = s.qty + EXCLUDED.qty;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER product_sales_return_delete BEFORE DELETE ON returns
  FOR EACH ROW EXECUTE FUNCTION product_sales_return_delete();--> statement-breakpoint
-- What sold before this migration.
INSERT INTO product_sales (product_id, title, attri, price, buyprice, qty)
SELECT coalesce(product_id, 0), title, attri, price, buyprice, sum(qty) FROM (
  SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, l.quantity AS qty
  FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 4
  UNION ALL
  SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, -l.quantity
  FROM return_lines l JOIN returns r ON r.id = l.return_id JOIN orders o ON o.id = r.order_id WHERE o.status <> 4) AS m
GROUP BY 1, 2, 3, 4, 5;
