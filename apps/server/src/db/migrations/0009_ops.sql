CREATE TABLE "notification_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"group_key" text,
	"dedupe_key" text,
	"link" text,
	"image_url" text,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_removal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"requester_id" uuid,
	"subject_url" text NOT NULL,
	"subject_type" text,
	"subject_id" uuid,
	"reason" text NOT NULL,
	"contact_email" text NOT NULL,
	"name" text,
	"details" text NOT NULL,
	"sworn_statement" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_reply_by" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_tickets_status" CHECK ("support_tickets"."status" in ('open', 'waiting', 'resolved', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "moderation_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text,
	"target_owner_id" uuid,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_audit_reason" CHECK (length("moderation_audit_log"."reason") > 0)
);
--> statement-breakpoint
CREATE TABLE "moderation_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"title" text NOT NULL,
	"subject_type" text,
	"subject_id" uuid,
	"owner_id" uuid,
	"group_key" text,
	"count" integer DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_owner_id" uuid,
	"reason" text NOT NULL,
	"note" text,
	"snapshot" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "moderation_hold" text;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "moderation_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "moderation_restore_visibility" text;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "moderation_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_removal_requests" ADD CONSTRAINT "content_removal_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_queue" ADD CONSTRAINT "moderation_queue_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_subject_owner_id_users_id_fk" FOREIGN KEY ("subject_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_updated_idx" ON "notifications" USING btree ("user_id","updated_at" DESC NULLS FIRST) WHERE "notifications"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null and "notifications"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_group_unread_idx" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."read_at" is null and "notifications"."deleted_at" is null and "notifications"."group_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."emailed_at" is null and "notifications"."read_at" is null and "notifications"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_removal_requests_reference_idx" ON "content_removal_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_updated_idx" ON "support_tickets" USING btree ("user_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_audit_created_idx" ON "moderation_audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_audit_target_idx" ON "moderation_audit_log" USING btree ("target_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_audit_owner_idx" ON "moderation_audit_log" USING btree ("target_owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_audit_actor_idx" ON "moderation_audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_queue_status_idx" ON "moderation_queue" USING btree ("status","priority","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_queue_subject_idx" ON "moderation_queue" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "moderation_queue_owner_idx" ON "moderation_queue" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "moderation_queue_ref_idx" ON "moderation_queue" USING btree ("ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_queue_group_open_idx" ON "moderation_queue" USING btree ("kind","group_key") WHERE "moderation_queue"."status" = 'open' and "moderation_queue"."group_key" is not null;--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_idx" ON "reports" USING btree ("reporter_id","subject_type","subject_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "characters_moderation_idx" ON "characters" USING btree ("creator_id") WHERE "characters"."moderation_hold" is not null or "characters"."moderation_removed_at" is not null;--> statement-breakpoint
-- The audit log is append-only: no UPDATE, DELETE or TRUNCATE, whoever asks (the app has no such code either).
CREATE FUNCTION "moderation_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_audit_log_no_change" BEFORE UPDATE OR DELETE ON "moderation_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "moderation_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "moderation_audit_log_no_truncate" BEFORE TRUNCATE ON "moderation_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "moderation_audit_log_append_only"();
