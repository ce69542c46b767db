ALTER TABLE "amazon_oauth_states" ADD COLUMN "selling_partner_id" text;--> statement-breakpoint
ALTER TABLE "amazon_oauth_states" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "google_sub" text;--> statement-breakpoint
ALTER TABLE "repayment_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_payments_idempotency_idx" ON "repayment_payments" USING btree ("application_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_google_sub_unique" UNIQUE("google_sub");