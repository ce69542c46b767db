CREATE TABLE "task_turns" (
	"lane" text NOT NULL,
	"customer_key" text NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_turns_lane_customer_key_pk" PRIMARY KEY("lane","customer_key")
);
--> statement-breakpoint
ALTER TABLE "order_syncs" ADD COLUMN "quota_day" date;--> statement-breakpoint
ALTER TABLE "order_syncs" ADD COLUMN "day_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_syncs" ADD COLUMN "day_orders" integer DEFAULT 0 NOT NULL;