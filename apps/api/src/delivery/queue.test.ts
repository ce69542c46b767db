import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { messageQueue, outboxMessages } from '../db/schema.ts';
import { openTestDatabase } from '../test/helpers.ts';
import { outboxTransport } from './outbox.ts';
import { MessageQueue, retryDelayMs, type QueueOptions } from './queue.ts';
import { PermanentDeliveryError, type OutgoingMessage, type QueuedMessage, type Transport, type Transports } from './types.ts';

/** A transport that follows a script: each call takes the next step (an error to throw, or success). */
function scriptedTransport(steps: Array<Error | 'ok'> = []): Transport & { calls: QueuedMessage[] } {
  const calls: QueuedMessage[] = [];
  return {
    name: 'scripted',
    calls,
    async send(message) {
      calls.push(message);
      const step = steps[calls.length - 1] ?? 'ok';
      if (step !== 'ok') throw step;
      return { providerId: `provider-${calls.length}` };
    },
  };
}

const otp: OutgoingMessage = {
  channel: 'sms',
  to: '5321112233',
  body: 'WorqTrade doğrulama kodunuz: 123456.',
  template: 'phone_code',
  language: 'tr',
};

let database: Database;

// One database for the file (opening and migrating one is the slow part); each test starts empty.
beforeAll(async () => {
  database = await openTestDatabase();
});

beforeEach(async () => {
  await database.db.delete(messageQueue);
  await database.db.delete(outboxMessages);
});

afterAll(async () => {
  await database.close();
});

function queue(transports: Partial<Transports>, options: Partial<QueueOptions> = {}): MessageQueue {
  const unused = scriptedTransport();
  return new MessageQueue(database.db, { email: transports.email ?? unused, sms: transports.sms ?? unused }, 'live', {
    pollEveryMs: 0,
    ...options,
  });
}

const rows = () => database.db.select().from(messageQueue);
const makeDue = () => database.db.update(messageQueue).set({ nextAttemptAt: sql`now() - interval '1 second'` });

describe('message queue', () => {
  it('sends a message at once and records it as sent', async () => {
    const sms = scriptedTransport();
    const delivery = queue({ sms });
    await delivery.send(otp);
    await delivery.runDue();

    expect(sms.calls).toHaveLength(1);
    expect(sms.calls[0]).toMatchObject({ to: '5321112233', body: otp.body, template: 'phone_code', language: 'tr' });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null, template: 'phone_code' });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('blanks a one-time code once it is sent, and keeps other messages readable', async () => {
    const sms = scriptedTransport();
    const delivery = queue({ sms });
    await delivery.send(otp);
    await delivery.send({ ...otp, body: 'Başvurunuz onaylandı.', template: 'application_approved' });
    await delivery.runDue();
    expect(sms.calls.map((call) => call.body)).toEqual([otp.body, 'Başvurunuz onaylandı.']);
    const byTemplate = Object.fromEntries((await rows()).map((row) => [row.template, row]));
    expect(byTemplate.phone_code).toMatchObject({ status: 'sent', body: '', html: null });
    expect(byTemplate.application_approved).toMatchObject({ status: 'sent', body: 'Başvurunuz onaylandı.' });
  });

  it('blanks a reset link given up on, and one still waiting after an hour', async () => {
    const email: Transport = {
      name: 'by-address',
      async send(message) {
        if (message.to === 'ayse@example.com') throw new PermanentDeliveryError('mailbox does not exist');
        throw new Error('SMTP down');
      },
    };
    const delivery = queue({ email }, { retryBaseMs: 60_000 });
    const reset: OutgoingMessage = {
      channel: 'email',
      to: 'ayse@example.com',
      subject: 'Şifrenizi yenileyin',
      body: 'https://portal.example.com/change-password?token=secret-1',
      html: '<a href="https://portal.example.com/change-password?token=secret-1">x</a>',
      template: 'password_reset',
    };
    await delivery.send(reset);
    await delivery.send({ ...reset, to: 'other@example.com' });
    await delivery.runDue();
    const waiting = (await rows()).find((row) => row.to === 'other@example.com')!;
    expect(waiting).toMatchObject({ status: 'pending' });
    await database.db
      .update(messageQueue)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(messageQueue.id, waiting.id));
    await delivery.runDue();
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'failed', body: '', html: null });
    }
    expect(JSON.stringify(await rows())).not.toContain('secret-1');
  });

  it('keeps a message whose first attempt failed and sends it on a later pass, once the backoff is over', async () => {
    const sms = scriptedTransport([new Error('SMS provider unreachable: connect ECONNREFUSED')]);
    const delivery = queue({ sms });
    await delivery.send(otp);
    await delivery.runDue();

    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS provider unreachable: connect ECONNREFUSED' });
    const waitMs = waiting!.nextAttemptAt.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(25_000);
    expect(waitMs).toBeLessThanOrEqual(30_000);

    // Not due yet: a pass leaves it alone.
    expect(await delivery.runDue()).toEqual({ attempted: 0, sent: 0, retrying: 0, failed: 0 });
    expect(sms.calls).toHaveLength(1);

    await makeDue();
    expect(await delivery.runDue()).toEqual({ attempted: 1, sent: 1, retrying: 0, failed: 0 });
    expect(sms.calls).toHaveLength(2);
    expect(sms.calls[1]!.body).toBe(otp.body);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('waits twice as long after each failure, up to the cap', () => {
    const options = { retryBaseMs: 30_000, retryCapMs: 3_600_000 };
    expect([1, 2, 3, 4, 8, 20].map((attempts) => retryDelayMs(attempts, options))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });

  it('gives up after the last allowed attempt and keeps the message with its last error', async () => {
    const failure = () => new Error('SMTP ECONNECTION: connect ECONNREFUSED');
    const email = scriptedTransport([failure(), failure(), failure(), 'ok']);
    const delivery = queue({ email }, { maxAttempts: 3, retryBaseMs: 0 });
    await delivery.send({ channel: 'email', to: 'ayse@example.com', subject: 'Konu', body: 'Metin', html: '<p>Metin</p>' });

    expect(await delivery.runDue()).toMatchObject({ attempted: 1, retrying: 1 });
    expect(await delivery.runDue()).toMatchObject({ attempted: 1, failed: 1 });
    expect(await delivery.runDue()).toMatchObject({ attempted: 0 });

    expect(email.calls).toHaveLength(3);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'SMTP ECONNECTION: connect ECONNREFUSED', body: 'Metin' });
    expect(row!.html).toBe('<p>Metin</p>');
  });

  it('does not retry a permanent refusal', async () => {
    const sms = scriptedTransport([new PermanentDeliveryError('SMS recipient is not a Turkish mobile number')]);
    const delivery = queue({ sms }, { retryBaseMs: 0 });
    await delivery.send({ ...otp, to: '2121112233' });
    await delivery.runDue();
    await delivery.runDue();
    expect(sms.calls).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1, lastError: 'SMS recipient is not a Turkish mobile number' });
  });

  it('takes over a message whose sender died mid-send, and fails it when that was the last attempt', async () => {
    const sms = scriptedTransport();
    const delivery = queue({ sms }, { maxAttempts: 3 });
    const stale = sql`now() - interval '1 minute'`;
    await database.db.insert(messageQueue).values([
      { channel: 'sms', to: '5320000001', body: 'one', status: 'sending', attempts: 1, lockedUntil: stale },
      { channel: 'sms', to: '5320000002', body: 'two', status: 'sending', attempts: 3, lockedUntil: stale, lastError: 'timeout' },
      { channel: 'sms', to: '5320000003', body: 'three', status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` },
    ]);

    expect(await delivery.runDue()).toEqual({ attempted: 1, sent: 1, retrying: 0, failed: 1 });
    expect(sms.calls.map((call) => call.body)).toEqual(['one']);
    const byBody = Object.fromEntries((await rows()).map((row) => [row.body, row]));
    expect(byBody.one).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byBody.two).toMatchObject({ status: 'failed', attempts: 3, lastError: 'timeout; interrupted during the last attempt' });
    // Still locked by a live sender: not touched.
    expect(byBody.three).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('lets two workers share the queue without sending any message twice', async () => {
    const first = scriptedTransport();
    const second = scriptedTransport();
    const one = queue({ sms: first }, { batchSize: 2 });
    const two = queue({ sms: second }, { batchSize: 2 });
    await database.db
      .insert(messageQueue)
      .values(Array.from({ length: 9 }, (_, index) => ({ channel: 'sms' as const, to: `532000000${index}`, body: `message ${index}` })));

    await Promise.all([one.runDue(), two.runDue()]);

    const sentBodies = [...first.calls, ...second.calls].map((call) => call.body).sort();
    expect(sentBodies).toEqual(Array.from({ length: 9 }, (_, index) => `message ${index}`));
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('answers send() before a slow live transport finishes', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sms: Transport = { name: 'slow', send: () => gate };
    const delivery = queue({ sms });

    await delivery.send(otp);
    expect((await rows())[0]).toMatchObject({ status: 'sending', attempts: 1 });

    release();
    await delivery.runDue();
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
  });

  it('in outbox mode, answers send() once the message is in the outbox', async () => {
    const outbox = outboxTransport(database.db);
    const delivery = new MessageQueue(database.db, { email: outbox, sms: outbox }, 'outbox', {
      awaitImmediateAttempt: true,
      pollEveryMs: 0,
    });
    await delivery.send(otp);

    const [kept] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, otp.to));
    expect(kept).toMatchObject({ channel: 'sms', body: otp.body });
    expect((await rows())[0]).toMatchObject({ status: 'sent', template: 'phone_code' });
  });

  it('sends due messages on its interval once started, and stops cleanly', async () => {
    const sms = scriptedTransport([new Error('busy')]);
    const delivery = queue({ sms }, { pollEveryMs: 20, retryBaseMs: 0 });
    await delivery.send(otp);
    delivery.start();
    try {
      const deadline = Date.now() + 5_000;
      while ((await rows())[0]?.status !== 'sent') {
        if (Date.now() > deadline) throw new Error('the worker did not send the message');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await delivery.stop();
    }
    expect(sms.calls).toHaveLength(2);
  });
});
