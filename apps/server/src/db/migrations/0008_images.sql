CREATE TABLE "image_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"character_id" uuid,
	"conversation_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"queue" text DEFAULT 'standard' NOT NULL,
	"prompt" text NOT NULL,
	"full_prompt" text NOT NULL,
	"negative_prompt" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"steps" integer NOT NULL,
	"seed" bigint NOT NULL,
	"count" integer NOT NULL,
	"nsfw" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "image_jobs_status" CHECK ("image_jobs"."status" in ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "image_jobs_count" CHECK ("image_jobs"."count" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "image_likes" (
	"user_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_likes_user_id_image_id_pk" PRIMARY KEY("user_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"character_id" uuid,
	"job_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"prompt" text NOT NULL,
	"negative_prompt" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"seed" bigint,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumb_width" integer DEFAULT 0 NOT NULL,
	"thumb_height" integer DEFAULT 0 NOT NULL,
	"nsfw" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"showcase" boolean DEFAULT false NOT NULL,
	"file_key" text,
	"thumb_key" text,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_status" CHECK ("images"."status" in ('pending', 'ready', 'failed', 'cancelled')),
	CONSTRAINT "images_likes_non_negative" CHECK ("images"."likes_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "image_job_id" uuid;--> statement-breakpoint
ALTER TABLE "image_jobs" ADD CONSTRAINT "image_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_jobs" ADD CONSTRAINT "image_jobs_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_likes" ADD CONSTRAINT "image_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_likes" ADD CONSTRAINT "image_likes_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_job_id_image_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."image_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_jobs_owner_idx" ON "image_jobs" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "image_jobs_unfinished_idx" ON "image_jobs" USING btree ("created_at") WHERE "image_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "image_likes_image_idx" ON "image_likes" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id") WHERE "images"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "images_character_idx" ON "images" USING btree ("character_id","created_at" DESC NULLS FIRST,"id") WHERE "images"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "images_public_new_idx" ON "images" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "images"."status" = 'ready' and "images"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "images_showcase_idx" ON "images" USING btree ("showcase" DESC NULLS FIRST,"likes_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE "images"."status" = 'ready' and "images"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "images_job_idx" ON "images" USING btree ("job_id","position");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_image_job_id_image_jobs_id_fk" FOREIGN KEY ("image_job_id") REFERENCES "public"."image_jobs"("id") ON DELETE set null ON UPDATE no action;