import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { ErrorResponse, TagsQuery, TagsResponse, type Tag } from '@reverie/shared';
import { tags } from '../../db/schema/index.ts';

function toTag(row: typeof tags.$inferSelect): Tag {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    emoji: row.emoji,
    color: row.color,
    isNSFW: row.isNsfw,
    category: row.category,
    categoryMaxSelections: row.categoryMaxSelections,
    categoryRequired: row.categoryRequired,
  };
}

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tags',
    {
      schema: {
        tags: ['tags'],
        summary: 'List tags (limit 0 = all), ordered by category',
        querystring: TagsQuery,
        response: { 200: TagsResponse, 400: ErrorResponse },
      },
    },
    async (req, reply) => {
      const { db } = app.ctx;
      const where = req.query.category ? eq(tags.category, req.query.category) : undefined;
      const base = db.select().from(tags).where(where).orderBy(asc(tags.sortOrder), asc(tags.name));
      const rows = req.query.limit > 0 ? await base.limit(req.query.limit) : await base;
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tags)
        .where(where);
      reply.header('cache-control', 'public, max-age=300');
      return { items: rows.map(toTag), total: count?.n ?? rows.length };
    },
  );
};
