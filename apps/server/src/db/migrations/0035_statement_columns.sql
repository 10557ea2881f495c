CREATE TABLE "statement_columns" (
	"method" text PRIMARY KEY NOT NULL,
	"trx" text NOT NULL,
	"amount" text NOT NULL,
	"time" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
