-- The blocked-content policy's record of what a conversation established (a minor cue, explicit content), kept
-- from the first time it is seen (modules/chat/moderation-scope.ts).
ALTER TABLE "conversations" ADD COLUMN "moderation_scope" jsonb;