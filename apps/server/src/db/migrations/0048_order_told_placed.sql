ALTER TABLE "orders" ADD COLUMN "told_placed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders placed before this were told at placing.
UPDATE "orders" SET "told_placed" = true;
