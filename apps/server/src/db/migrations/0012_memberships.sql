ALTER TABLE "subscriptions" ADD COLUMN "change_started_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that already hold several live memberships (bought twice before this index existed) keep their newest,
-- the one entitlements already read; the others are ended here, and their next event at the provider cancels them
-- there (modules/billing/fulfilment.service.ts, "a second live membership").
UPDATE "subscriptions" AS s SET "status" = 'canceled', "ended_at" = now(), "canceled_at" = coalesce(s."canceled_at", now())
WHERE s."ended_at" IS NULL AND s."status" IN ('active', 'past_due') AND EXISTS (
  SELECT 1 FROM "subscriptions" AS newer
  WHERE newer."user_id" = s."user_id" AND newer."ended_at" IS NULL AND newer."status" IN ('active', 'past_due')
    AND (newer."created_at", newer."id") > (s."created_at", s."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."ended_at" IS NULL AND "subscriptions"."status" IN ('active', 'past_due');