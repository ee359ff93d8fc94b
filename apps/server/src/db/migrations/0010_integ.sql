ALTER TABLE "characters" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "image_jobs" ADD COLUMN "watched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "moderation_hold" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "moderation_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "moderation_restore_visibility" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "moderation_removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "images_moderation_idx" ON "images" USING btree ("owner_id") WHERE "images"."moderation_hold" is not null or "images"."moderation_removed_at" is not null;--> statement-breakpoint
-- Characters public before this migration were announced already (or predate announcements): not again.
UPDATE "characters" SET "published_at" = "created_at"
  WHERE "visibility" = 'public' OR "moderation_restore_visibility" = 'public';
