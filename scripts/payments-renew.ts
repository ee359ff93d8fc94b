// Operator command for the sandbox card processor: renews memberships whose period ended (charging the saved test
// card, applying scheduled plan changes), ends those cancelled at period end, marks failed renewals past due, and
// redelivers undelivered payment events. The running server does the same every minute; this runs it now, or as
// of another time to demonstrate renewals:
//   npm run payments:renew
//   npm run payments:renew -- --advance-days 31
//   npm run payments:renew -- --at 2027-01-15T00:00:00Z
// With the default PGlite database, stop the server first (one process owns its files); PostgreSQL needs no stop.
import { composeApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DAY_MS } from '../apps/server/src/lib/clock.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', WEB_DIST: '' });
if (config.paymentsMode !== 'sandbox') {
  console.error('PAYMENTS_MODE is stripe: Stripe renews memberships and sends webhooks itself. Nothing to do.');
  process.exit(1);
}
const at = arg('--at');
const advanceDays = arg('--advance-days');
if (at !== undefined && Number.isNaN(Date.parse(at))) {
  console.error('--at needs an ISO date, e.g. 2027-01-15T00:00:00Z');
  process.exit(2);
}
if (advanceDays !== undefined && !/^\d{1,4}$/.test(advanceDays)) {
  console.error('--advance-days needs a whole number of days (0–9999)');
  process.exit(2);
}

const { app, modules } = await composeApp(config);
try {
  const { clock, payments } = modules.billing.services;
  if (at) clock.set(new Date(at));
  if (advanceDays) clock.advance(Number(advanceDays) * DAY_MS);
  const summary = await payments.sandbox!.runDue();
  const events = await payments.sandbox!.deliverPending();
  console.log(
    `As of ${clock.now().toISOString()}: ${summary.renewed} renewed, ${summary.changed} plan changes applied, ` +
      `${summary.ended} ended, ${summary.failed} renewals declined (past due); ${events.failed} events still undelivered.`,
  );
} finally {
  await app.close();
}
