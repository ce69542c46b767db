CREATE TABLE "application_offer_snapshots" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"policy_version" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_offer_snapshots" ADD CONSTRAINT "application_offer_snapshots_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;