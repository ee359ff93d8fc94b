CREATE TABLE "age_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text NOT NULL,
	"region" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"reset_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "age_webhook_deliveries" (
	"provider" text NOT NULL,
	"digest" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "age_webhook_deliveries_provider_digest_pk" PRIMARY KEY("provider","digest")
);
--> statement-breakpoint
ALTER TABLE "age_checks" ADD CONSTRAINT "age_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "age_checks_user_idx" ON "age_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "age_checks_provider_ref_idx" ON "age_checks" USING btree ("provider","provider_ref");