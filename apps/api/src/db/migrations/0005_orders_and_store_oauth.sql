CREATE TABLE "marketplace_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"marketplace_code" text NOT NULL,
	"payload_encrypted" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketplace_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"order_number" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"order_day" date NOT NULL,
	"status" text NOT NULL,
	"total_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"units" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_syncs" (
	"integration_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"state" text DEFAULT 'never' NOT NULL,
	"range_from" timestamp with time zone,
	"range_to" timestamp with time zone,
	"cursor" text,
	"new_orders" integer DEFAULT 0 NOT NULL,
	"updated_orders" integer DEFAULT 0 NOT NULL,
	"last_synced_at" timestamp with time zone,
	"oldest_order_at" timestamp with time zone,
	"message" text,
	"message_params" jsonb,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_oauth_states" ADD CONSTRAINT "marketplace_oauth_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_syncs" ADD CONSTRAINT "order_syncs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_syncs" ADD CONSTRAINT "order_syncs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_oauth_states_expires_idx" ON "marketplace_oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_store_external_idx" ON "marketplace_orders" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_customer_day_idx" ON "marketplace_orders" USING btree ("customer_id","order_day");--> statement-breakpoint
CREATE INDEX "marketplace_orders_store_day_idx" ON "marketplace_orders" USING btree ("integration_id","order_day");--> statement-breakpoint
CREATE INDEX "order_syncs_due_idx" ON "order_syncs" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "order_syncs_customer_idx" ON "order_syncs" USING btree ("customer_id");