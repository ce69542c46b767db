import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema.ts';
import type { Transport } from './types.ts';

/**
 * The embedded transport (DELIVERY=outbox, never in production): messages are kept in a table and
 * read at /dev/outbox instead of being sent, so people and tests read their codes there.
 */
export function outboxTransport(db: Db): Transport {
  return {
    name: 'outbox',
    async send(message) {
      const [row] = await db
        .insert(outboxMessages)
        .values({ channel: message.channel, to: message.to, subject: message.subject, body: message.body, html: message.html })
        .returning({ id: outboxMessages.id });
      return { providerId: row?.id };
    },
  };
}
