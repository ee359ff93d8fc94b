CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"avatar_url" text,
	"bio" text,
	"coins" integer DEFAULT 0 NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"preferences" jsonb DEFAULT '{"selectedTags":[],"completedOnboarding":false,"nsfwEnabled":false}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{"emailNotifications":true,"showNsfwByDefault":false,"language":"en"}'::jsonb NOT NULL,
	"email_verified_at" timestamp with time zone,
	"google_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_coins_non_negative" CHECK ("users"."coins" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_idx" ON "users" USING btree ("google_sub");