import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The crisis protocol's counts (docs/compliance.md "Crisis protocol"): how many messages a day showed crisis
 * resources, by region, language and the layer that noticed. Counts only: no account, conversation or text, so the
 * operator's yearly report can be made without keeping anything a person wrote.
 */
export const crisisCounts = pgTable(
  'crisis_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** The country the resources were chosen for (ISO 3166-1 alpha-2), or `ZZ` when it was not known. */
    region: text('region').notNull(),
    language: text('language').notNull(),
    detectedBy: text('detected_by', { enum: ['lexicon', 'judge'] }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.region, t.language, t.detectedBy] })],
);
