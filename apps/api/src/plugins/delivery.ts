import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema.ts';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  html?: string;
}

export interface Delivery {
  readonly mode: 'outbox' | 'live';
  send(message: OutgoingMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    delivery: Delivery;
  }
}

/** The embedded transport: messages are stored and read at /dev/outbox instead of being sent. */
export function outboxDelivery(db: Db): Delivery {
  return {
    mode: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: message.channel,
        to: message.to,
        subject: message.subject ?? null,
        body: message.body,
        html: message.html ?? null,
      });
    },
  };
}

async function deliveryPlugin(app: FastifyInstance, options: { delivery: Delivery }) {
  app.decorate('delivery', options.delivery);
}

export default fp(deliveryPlugin, { name: 'delivery' });
