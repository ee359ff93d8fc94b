-- Refusals of a person's own text by the blocked-content policy, which "Ask for review" must cite (#47.13).
CREATE TABLE "content_refusals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"surface" text NOT NULL,
	"character_id" uuid,
	"problems" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_refusals" ADD CONSTRAINT "content_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_refusals_user_idx" ON "content_refusals" USING btree ("user_id","created_at");