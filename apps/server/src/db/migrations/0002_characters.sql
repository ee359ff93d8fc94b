CREATE TABLE "character_likes" (
	"user_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_likes_user_id_character_id_pk" PRIMARY KEY("user_id","character_id")
);
--> statement-breakpoint
CREATE TABLE "character_tags" (
	"character_id" uuid NOT NULL,
	"tag_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "character_tags_character_id_tag_name_pk" PRIMARY KEY("character_id","tag_name")
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"seed_slug" text,
	"name" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"personality" text DEFAULT '' NOT NULL,
	"scenario" text DEFAULT '' NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"alternate_greetings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"example_dialogue" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"post_history_instructions" text DEFAULT '' NOT NULL,
	"creator_notes" text DEFAULT '' NOT NULL,
	"character_book" jsonb,
	"extensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tag_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"nsfw" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"allow_download" boolean DEFAULT false NOT NULL,
	"avatar_url" text,
	"thumbnail_url" text,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"favorites_count" integer DEFAULT 0 NOT NULL,
	"chat_count" integer DEFAULT 0 NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "characters_counters_non_negative" CHECK ("characters"."likes_count" >= 0 and "characters"."favorites_count" >= 0 and "characters"."chat_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_character_id_pk" PRIMARY KEY("user_id","character_id")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"followee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."followee_id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"emoji" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#a78bfa' NOT NULL,
	"tag_names" text[] DEFAULT '{}' NOT NULL,
	"rule" jsonb DEFAULT '{"sort":"popular"}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banner_url" text;--> statement-breakpoint
ALTER TABLE "character_likes" ADD CONSTRAINT "character_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_likes" ADD CONSTRAINT "character_likes_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_tags" ADD CONSTRAINT "character_tags_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_tags" ADD CONSTRAINT "character_tags_tag_name_tags_name_fk" FOREIGN KEY ("tag_name") REFERENCES "public"."tags"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "character_likes_character_idx" ON "character_likes" USING btree ("character_id","created_at");--> statement-breakpoint
CREATE INDEX "character_likes_created_idx" ON "character_likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "character_likes_user_created_idx" ON "character_likes" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "character_tags_tag_idx" ON "character_tags" USING btree ("tag_name");--> statement-breakpoint
CREATE UNIQUE INDEX "characters_seed_slug_idx" ON "characters" USING btree ("seed_slug");--> statement-breakpoint
CREATE INDEX "characters_creator_idx" ON "characters" USING btree ("creator_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "characters_public_popular_idx" ON "characters" USING btree ("likes_count" DESC NULLS FIRST,"id") WHERE "characters"."visibility" = 'public' and "characters"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "characters_public_new_idx" ON "characters" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "characters"."visibility" = 'public' and "characters"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "characters_public_rated_idx" ON "characters" USING btree ("rating" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"id") WHERE "characters"."visibility" = 'public' and "characters"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "characters_tag_names_idx" ON "characters" USING gin ("tag_names");--> statement-breakpoint
CREATE INDEX "favorites_character_idx" ON "favorites" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "favorites_created_idx" ON "favorites" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "follows" USING btree ("follower_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_created_idx" ON "follows" USING btree ("created_at");