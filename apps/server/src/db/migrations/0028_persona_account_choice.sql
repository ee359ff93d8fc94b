ALTER TABLE "character_persona_choices" ALTER COLUMN "persona_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_personas" ALTER COLUMN "persona_id" DROP NOT NULL;