ALTER TABLE "email_tokens" ADD COLUMN "previous_username" text;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "superseded_at" timestamp with time zone;