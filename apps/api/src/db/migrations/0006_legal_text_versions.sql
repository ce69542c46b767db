ALTER TABLE "terms" ADD COLUMN "change_note" text;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "published_by" uuid;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_published_by_customers_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;