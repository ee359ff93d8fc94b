CREATE TABLE "spending_limits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_cap" integer,
	"daily_next" integer,
	"daily_next_at" timestamp with time zone,
	"monthly_cap" integer,
	"monthly_next" integer,
	"monthly_next_at" timestamp with time zone,
	"confirm_above" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spending_limits" ADD CONSTRAINT "spending_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;