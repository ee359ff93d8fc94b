ALTER TABLE "chat_messages" ADD COLUMN "unprompted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "writes_first_after_hours" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "writes_first_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_writes_first_idx" ON "conversations" USING btree ("updated_at") WHERE "conversations"."writes_first_after_hours" is not null;