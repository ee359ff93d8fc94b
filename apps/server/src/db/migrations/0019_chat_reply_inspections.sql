CREATE TABLE "chat_reply_inspections" (
	"message_id" uuid NOT NULL,
	"swipe_index" integer NOT NULL,
	"conversation_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reply_inspections_message_id_swipe_index_pk" PRIMARY KEY("message_id","swipe_index")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "disabled_lore" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_reply_inspections" ADD CONSTRAINT "chat_reply_inspections_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reply_inspections" ADD CONSTRAINT "chat_reply_inspections_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_reply_inspections_conversation_idx" ON "chat_reply_inspections" USING btree ("conversation_id");