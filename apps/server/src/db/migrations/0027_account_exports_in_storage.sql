-- Account exports in media storage (#47.3): the zip was built in memory and kept in its row (a bytea with no size
-- cap), and every download read the whole of it. It is now streamed into media storage under `exports/` and the row
-- keeps only its key. Zips still in rows are dropped with the column: those exports read as expired (410, "ask for a
-- new one"), which is what they would have become within a week anyway.
ALTER TABLE "account_exports" ADD COLUMN "file_key" text;
--> statement-breakpoint
ALTER TABLE "account_exports" DROP COLUMN "archive";
