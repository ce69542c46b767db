import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEntries, outboxQuery } from '@worq/domain/wire/dev';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

/** Development only: the messages the outbox transport kept instead of sending. */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages kept by the outbox transport, newest first (absent in production)',
        querystring: outboxQuery,
        response: { 200: outboxEntries },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(request.query.to ? eq(outboxMessages.to, request.query.to) : undefined)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(200);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.to,
        subject: row.subject,
        body: row.body,
        html: row.html,
        created_at: row.createdAt.toISOString(),
      }));
    },
  );
};
