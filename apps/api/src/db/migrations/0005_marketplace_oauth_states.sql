CREATE TABLE "marketplace_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"marketplace_code" text NOT NULL,
	"payload_encrypted" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "marketplace_oauth_states" ADD CONSTRAINT "marketplace_oauth_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_oauth_states_expires_idx" ON "marketplace_oauth_states" USING btree ("expires_at");