ALTER TABLE "order_syncs" ADD COLUMN "backfill_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_syncs" ADD COLUMN "unclassified_orders" integer DEFAULT 0 NOT NULL;