CREATE TABLE "character_ratings" (
	"user_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"stars" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_ratings_character_id_user_id_pk" PRIMARY KEY("character_id","user_id"),
	CONSTRAINT "character_ratings_stars" CHECK ("character_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
DROP INDEX "characters_public_rated_idx";--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "rating_score" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "character_ratings" ADD CONSTRAINT "character_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_ratings" ADD CONSTRAINT "character_ratings_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "character_ratings_user_idx" ON "character_ratings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "characters_public_rated_idx" ON "characters" USING btree ("rating_score" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"id") WHERE "characters"."visibility" = 'public' and "characters"."deleted_at" is null;--> statement-breakpoint
-- Honest counters: the seed catalogue's invented chat counts and ratings give way to real rows (conversations; no ratings yet).
UPDATE "characters" SET "chat_count" = (SELECT count(*)::int FROM "conversations" WHERE "conversations"."character_id" = "characters"."id"), "rating" = 0, "rating_count" = 0, "rating_score" = 0;
