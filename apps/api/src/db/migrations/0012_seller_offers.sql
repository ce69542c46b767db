CREATE TABLE "seller_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"policy_version" text NOT NULL,
	"orders_version" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"max_amount" bigint,
	"inputs" jsonb NOT NULL,
	"decision" jsonb NOT NULL,
	"forecast" jsonb,
	"excluded_integrations" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_offer_snapshots" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "order_syncs" ADD COLUMN "orders_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_offers" ADD CONSTRAINT "seller_offers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_offers_customer_idx" ON "seller_offers" USING btree ("customer_id","computed_at");--> statement-breakpoint
ALTER TABLE "application_offer_snapshots" ADD CONSTRAINT "application_offer_snapshots_offer_id_seller_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."seller_offers"("id") ON DELETE set null ON UPDATE no action;