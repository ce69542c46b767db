CREATE TABLE "funding_warnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"code" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "funding_watch" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"approval_day" date NOT NULL,
	"company_title" text,
	"baseline_source" text NOT NULL,
	"forecast_method" text,
	"forecast_weeks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_rate_at_approval" double precision,
	"state" text DEFAULT 'active' NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"funded_amount" bigint DEFAULT 0 NOT NULL,
	"total_payment_amount" bigint DEFAULT 0 NOT NULL,
	"remaining_amount" bigint DEFAULT 0 NOT NULL,
	"sales_vs_plan_2w" double precision,
	"sales_vs_plan_4w" double precision,
	"late_installments" integer DEFAULT 0 NOT NULL,
	"connection_health" text DEFAULT 'ok' NOT NULL,
	"days_since_last_order" integer,
	"return_rate" double precision,
	"unverified_stores" integer DEFAULT 0 NOT NULL,
	"open_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"risk_score" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funding_warnings" ADD CONSTRAINT "funding_warnings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_warnings" ADD CONSTRAINT "funding_warnings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_watch" ADD CONSTRAINT "funding_watch_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_watch" ADD CONSTRAINT "funding_watch_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funding_warnings_open_idx" ON "funding_warnings" USING btree ("application_id","code") WHERE cleared_at is null;--> statement-breakpoint
CREATE INDEX "funding_warnings_application_idx" ON "funding_warnings" USING btree ("application_id","raised_at");--> statement-breakpoint
CREATE INDEX "funding_watch_due_idx" ON "funding_watch" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "funding_watch_risk_idx" ON "funding_watch" USING btree ("state","risk_score");