CREATE TABLE "speech_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto_play" boolean DEFAULT false NOT NULL,
	"dialogue_only" boolean DEFAULT false NOT NULL,
	"skip_actions" boolean DEFAULT true NOT NULL,
	"voices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "voice" text;--> statement-breakpoint
ALTER TABLE "speech_settings" ADD CONSTRAINT "speech_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;