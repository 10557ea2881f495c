ALTER TABLE "settings" ALTER COLUMN "till_ship" SET DEFAULT false;--> statement-breakpoint
-- A counter sale starts with no delivery charge (the cashier ticks it for a delivery): the shop's
-- setting starts off, as a new shop's does. An owner who wants it on ticks it in Setting again.
UPDATE "settings" SET "till_ship" = false;
