import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outboxTransport } from '../delivery/outbox.ts';
import { MessageQueue, type QueueOptions } from '../delivery/queue.ts';
import { smsTransport } from '../delivery/sms.ts';
import { smtpTransport } from '../delivery/smtp.ts';
import type { Delivery, DeliveryService, Transports } from '../delivery/types.ts';

export type { Delivery, DeliveryService, OutgoingMessage } from '../delivery/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryService;
  }
}

/** The transports the configuration asks for: the outbox for both channels, or SMTP and the SMS provider. */
export function configuredTransports(config: Config, db: Db): Transports {
  if (config.delivery === 'outbox') {
    const outbox = outboxTransport(db);
    return { email: outbox, sms: outbox };
  }
  // loadConfig refuses DELIVERY=live without these two URLs.
  if (!config.smtp.url || !config.sms.url) throw new Error('DELIVERY=live needs SMTP_URL and SMS_PROVIDER_URL');
  return {
    email: smtpTransport({ url: config.smtp.url, from: config.smtp.from }),
    sms: smsTransport({ url: config.sms.url, user: config.sms.user, password: config.sms.password, header: config.sms.header }),
  };
}

/**
 * The delivery queue for a configuration. `transports` replaces the configured ones (tests fake a
 * failing SMTP server this way) and `options` tunes the worker.
 */
export function createDelivery(
  config: Config,
  db: Db,
  overrides: { transports?: Transports; options?: Partial<QueueOptions> } = {},
): MessageQueue {
  const outbox = config.delivery === 'outbox';
  return new MessageQueue(db, overrides.transports ?? configuredTransports(config, db), config.delivery, {
    awaitImmediateAttempt: outbox,
    // Tests run passes themselves (app.delivery.runDue()); a timer would only race them.
    pollEveryMs: config.env === 'test' ? 0 : 5_000,
    ...overrides.options,
  });
}

function isService(delivery: Delivery): delivery is DeliveryService {
  const candidate = delivery as Partial<DeliveryService>;
  return typeof candidate.runDue === 'function' && typeof candidate.start === 'function' && typeof candidate.stop === 'function';
}

/** A bare Delivery given by a test (only `send`) gets a queue-less worker that has nothing to do. */
function asService(delivery: Delivery): DeliveryService {
  if (isService(delivery)) return delivery;
  return {
    get mode() {
      return delivery.mode;
    },
    send: (message) => delivery.send(message),
    runDue: async () => ({ attempted: 0, sent: 0, retrying: 0, failed: 0 }),
    start: () => {},
    stop: async () => {},
  };
}

export interface DeliveryPluginOptions {
  config: Config;
  db: Db;
  /** Replaces the configured delivery: a MessageQueue with fake transports, or any Delivery. */
  delivery?: Delivery | undefined;
}

/**
 * app.delivery: messages go into the durable queue and out through the configured transports; the
 * worker sends what is due every few seconds and stops with the app.
 */
async function deliveryPlugin(app: FastifyInstance, options: DeliveryPluginOptions) {
  const service = options.delivery ? asService(options.delivery) : createDelivery(options.config, options.db);
  if (service instanceof MessageQueue) service.useLogger(app.log.child({ module: 'delivery' }));
  app.decorate('delivery', service);
  app.addHook('onReady', async () => {
    service.start();
  });
  app.addHook('onClose', async () => {
    await service.stop();
  });
}

export default fp(deliveryPlugin, { name: 'delivery' });
