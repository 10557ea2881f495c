CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"staff_id" integer,
	"approver_id" integer,
	"order_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_kind_check" CHECK (kind in ('discount', 'return', 'void', 'price', 'drawer'))
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_created_idx" ON "approvals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "approvals_order_idx" ON "approvals" USING btree ("order_id");--> statement-breakpoint
-- The new permission to approve at the till: the built-in manager's role has it from the start.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'till.approve')
  WHERE "key" = 'manager' AND NOT ('till.approve' = ANY ("permissions"));
