-- New order lines are counted by the statements that write them (orders.repository: the storefront
-- order's statement and insertOrder), in the same statement or transaction: the statement-level
-- trigger cost an order about 0.4 ms of PostgreSQL time (the transition table and the trigger
-- queue), four times its upsert. Updates and deletes of lines, returns, status changes and deleted
-- orders stay with their triggers (0016): they are rare, and nothing else needs to remember them.
DROP TRIGGER product_sales_lines_insert ON order_lines;--> statement-breakpoint
-- Counts these new lines of an order (called with the order's id after its lines are written;
-- nothing when the order is cancelled).
CREATE FUNCTION product_sales_add_lines(p_order int, p_lines int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_sales AS s (product_id, title, attri, price, buyprice, qty)
  SELECT coalesce(l.product_id, 0), l.title, l.attri, l.price, l.buyprice, sum(l.quantity)
  FROM order_lines l JOIN orders o ON o.id = l.order_id AND o.status <> 4
  WHERE l.order_id = p_order AND l.id = ANY(p_lines)
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (product_id, title, attri, price, buyprice) DO UPDATE SET qty = s.qty + EXCLUDED.qty
$$;--> statement-breakpoint
-- Counts everything again from the lines (for data written in bulk outside the app, e.g. a benchmark).
CREATE FUNCTION product_sales_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_sales;
  INSERT INTO product_sales (product_id, title, attri, price, buyprice, qty)
  SELECT coalesce(product_id, 0), title, attri, price, buyprice, sum(qty) FROM (
    SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, l.quantity AS qty
    FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 4
    UNION ALL
    SELECT l.product_id, l.title, l.attri, l.price, l.buyprice, -l.quantity
    FROM return_lines l JOIN returns r ON r.id = l.return_id JOIN orders o ON o.id = r.order_id
    WHERE o.status <> 4) AS m
  GROUP BY 1, 2, 3, 4, 5;
$$;
