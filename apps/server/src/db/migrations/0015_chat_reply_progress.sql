CREATE TABLE "chat_reply_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reply_id" uuid NOT NULL,
	"user_message_id" uuid,
	"new_reply" boolean NOT NULL,
	"charge_key" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'streaming' NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reply_progress_state" CHECK ("chat_reply_progress"."state" in ('streaming', 'owed'))
);
--> statement-breakpoint
ALTER TABLE "chat_reply_progress" ADD CONSTRAINT "chat_reply_progress_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reply_progress" ADD CONSTRAINT "chat_reply_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reply_progress" ADD CONSTRAINT "chat_reply_progress_user_message_id_chat_messages_id_fk" FOREIGN KEY ("user_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_reply_progress_heartbeat_idx" ON "chat_reply_progress" USING btree ("heartbeat_at") WHERE "chat_reply_progress"."state" = 'streaming';--> statement-breakpoint
CREATE INDEX "chat_reply_progress_user_message_idx" ON "chat_reply_progress" USING btree ("user_message_id");