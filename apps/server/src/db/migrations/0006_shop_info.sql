ALTER TABLE "settings" ADD COLUMN "shop_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "shop_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payment_numbers" text DEFAULT '' NOT NULL;