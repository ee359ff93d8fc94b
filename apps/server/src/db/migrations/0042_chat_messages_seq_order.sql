-- The index every read of a conversation's messages goes through was made in the order (seq DESC NULLS LAST), which
-- neither `ORDER BY seq DESC` (nulls first) nor `ORDER BY seq` (nulls last, read backwards: nulls first) is, so each
-- read of the newest messages fetched the whole conversation and sorted it: 4.5 ms for the newest 21 of 10,000
-- messages, 0.02 ms through an index in the order asked. seq is never null; made again in the order the reads ask for
-- (both directions), as the other descending indexes are.
DROP INDEX IF EXISTS "chat_messages_conversation_seq_idx";--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_seq_idx" ON "chat_messages" USING btree ("conversation_id","seq" DESC NULLS FIRST);
