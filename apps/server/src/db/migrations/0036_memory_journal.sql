CREATE TABLE "memory_journal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"character_id" uuid,
	"group_id" uuid,
	"text" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"message_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_journal_owner" CHECK (("memory_journal"."character_id" is null) <> ("memory_journal"."group_id" is null)),
	CONSTRAINT "memory_journal_source" CHECK ("memory_journal"."source" in ('model', 'user'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "journal_replies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_journal" ADD CONSTRAINT "memory_journal_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_journal" ADD CONSTRAINT "memory_journal_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_journal" ADD CONSTRAINT "memory_journal_group_id_chat_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."chat_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_journal_user_character_idx" ON "memory_journal" USING btree ("user_id","character_id","created_at" DESC NULLS LAST) WHERE "memory_journal"."character_id" is not null;--> statement-breakpoint
CREATE INDEX "memory_journal_user_group_idx" ON "memory_journal" USING btree ("user_id","group_id","created_at" DESC NULLS LAST) WHERE "memory_journal"."group_id" is not null;