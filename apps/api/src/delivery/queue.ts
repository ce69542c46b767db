import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { messageQueue } from '../db/schema.ts';
import { retryDelayMs as backoffMs } from '../queue-core/retry.ts';
import { schedule, type Scheduled } from '../queue-core/schedule.ts';
import { QueueWorker } from '../queue-core/worker.ts';
import { blanked, claimDue, expireOneTimeContent, failAbandoned, oneTimeTemplates, type Row } from './repository.ts';
import {
  PermanentDeliveryError,
  type DeliveryPass,
  type DeliveryService,
  type OutgoingMessage,
  type QueuedMessage,
  type Transport,
  type Transports,
} from './types.ts';

export interface QueueOptions {
  /** Attempts before a message is given up on (marked failed). */
  maxAttempts: number;
  /** Wait before the second attempt; doubles for each later one, up to retryCapMs. */
  retryBaseMs: number;
  retryCapMs: number;
  /**
   * How long a claimed message belongs to the worker that claimed it. Longer than any transport's
   * own timeout; after it, another worker takes the message over (its sender presumably died).
   */
  lockSeconds: number;
  /** Messages claimed and sent side by side in one round. */
  batchSize: number;
  /** The worker's interval. */
  pollEveryMs: number;
  /** How long stop() waits for attempts in flight. */
  shutdownGraceMs: number;
  /**
   * Whether send() waits for its immediate attempt. The outbox does (it is a local write, and people
   * and tests read it right after the request); real transports do not, so no request waits on them.
   */
  awaitImmediateAttempt: boolean;
}

export const defaultQueueOptions: QueueOptions = {
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryCapMs: 60 * 60_000,
  lockSeconds: 120,
  batchSize: 10,
  pollEveryMs: 5_000,
  shutdownGraceMs: 5_000,
  awaitImmediateAttempt: false,
};

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };

export { oneTimeTemplates } from './repository.ts';

const oneTimeSet: ReadonlySet<string> = new Set(oneTimeTemplates);
interface AttemptResult {
  status: Row['status'];
  lockedUntil: null;
  lastError: string | null;
  sentAt?: SQL;
  nextAttemptAt?: SQL;
  body?: string;
  html?: null;
  subject?: null;
}

/**
 * Stores a message as due, inside the caller's transaction, for any process's worker to send. For
 * messages that must exist only together with another row (a reminder with its once-only key):
 * both commit or neither does.
 */
export async function enqueueMessage(db: Pick<Db, 'insert'>, message: OutgoingMessage): Promise<void> {
  await db.insert(messageQueue).values({ ...queuedContent(message), status: 'pending' });
}

/** What a message_queue row keeps of a message: all of it, with absent parts stored as null. */
function queuedContent(message: OutgoingMessage) {
  return {
    channel: message.channel,
    to: message.to,
    subject: message.subject ?? null,
    body: message.body,
    html: message.html ?? null,
    template: message.template ?? null,
    language: message.language ?? null,
  };
}

/** The wait before attempt `attempts + 1`: base·2^(attempts−1), capped. */
export function retryDelayMs(attempts: number, options: Pick<QueueOptions, 'retryBaseMs' | 'retryCapMs'>): number {
  return backoffMs({ baseMs: options.retryBaseMs, capMs: options.retryCapMs }, attempts);
}

/** A claimed row, and the pass that claimed it (none for the attempt send() makes at once). */
interface Claimed {
  row: Row;
  pass: DeliveryPass | undefined;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The durable message queue behind app.delivery. Every message is a message_queue row first; a
 * worker (this process's passes, or any other instance: rows are claimed with FOR UPDATE SKIP
 * LOCKED) sends due rows, marks them sent, or schedules another attempt with exponential backoff
 * until maxAttempts. A failed send never loses the message and never reaches the caller. The
 * claim loop, backoff and shutdown are the queue core's (QueueWorker); the SQL is here.
 */
export class MessageQueue implements DeliveryService {
  private readonly options: QueueOptions;
  private readonly worker: QueueWorker<Claimed>;
  private poll: Scheduled | undefined;
  private passing: Promise<DeliveryPass> | undefined;
  /** The pass under way: its start (the claim's cut-off) and its tally. */
  private current: { start: string; summary: DeliveryPass } | undefined;
  private log: Log;

  constructor(
    private readonly db: Db,
    private readonly transports: Transports,
    readonly mode: 'outbox' | 'live',
    options: Partial<QueueOptions> = {},
    log?: Log,
  ) {
    this.options = { ...defaultQueueOptions, ...options };
    this.log = log ?? silentLog;
    this.worker = new QueueWorker<Claimed>({
      name: 'message delivery',
      log: { warn: (details, message) => this.log.warn(details, message), error: (details, message) => this.log.error(details, message) },
      lanes: [{ name: 'messages', slots: this.options.batchSize }],
      idOf: ({ row }) => row.id,
      claim: async (_lane, max) => {
        const current = this.current;
        if (!current) return [];
        const rows = await claimDue(this.db, current.start, Math.min(max, this.options.batchSize), this.options);
        current.summary.attempted += rows.length;
        return rows.map((row) => ({ row, pass: current.summary }));
      },
      run: (claimed) => this.deliver(claimed),
      retry: {
        policy: { maxAttempts: this.options.maxAttempts, baseMs: this.options.retryBaseMs, capMs: this.options.retryCapMs },
        attemptsOf: ({ row }) => row.attempts,
        isFinal: (error) => error instanceof PermanentDeliveryError,
        later: (claimed, delay, error) => this.recordFailure(claimed, error, delay),
        giveUp: (claimed, error) => this.recordFailure(claimed, error, undefined),
      },
      // Passes claim (runDue, on this queue's own timer); the worker only runs what they claim.
      pollEveryMs: 0,
      shutdownGraceMs: this.options.shutdownGraceMs,
      // No release: attempts still running after the grace keep their lock; it expires and another worker retries.
    });
  }

  /** The app's logger, for a queue built before the app (tests inject one through buildApp). */
  useLogger(log: Log): void {
    this.log = log;
  }

  async send(message: OutgoingMessage): Promise<void> {
    // Stored already claimed by this attempt, so a worker's pass cannot send it a second time.
    const [row] = await this.db
      .insert(messageQueue)
      .values({
        ...queuedContent(message),
        status: 'sending',
        attempts: 1,
        lockedUntil: sql`now() + ${this.options.lockSeconds} * interval '1 second'`,
      })
      .returning();
    if (!row) throw new Error('message was not queued');
    this.log.info({ messageId: row.id, channel: row.channel, template: row.template }, 'message queued');
    const attempt = this.worker.attempt({ row, pass: undefined });
    if (this.options.awaitImmediateAttempt) await attempt;
  }

  async runDue(): Promise<DeliveryPass> {
    await this.worker.settle();
    // One pass at a time per process; a caller arriving meanwhile shares the running one.
    this.passing ??= this.pass().finally(() => {
      this.passing = undefined;
    });
    return this.passing;
  }

  start(): void {
    if (this.poll || this.options.pollEveryMs <= 0) return;
    this.poll = schedule('message delivery pass', this.options.pollEveryMs, () => this.runDue(), this.log);
  }

  async stop(): Promise<void> {
    const polling = this.poll?.stop();
    this.poll = undefined;
    let grace: NodeJS.Timeout | undefined;
    // The worker stops claiming and waits for attempts in flight; one still running after the grace
    // keeps its lock, which expires, and another worker retries the message.
    await Promise.race([
      Promise.allSettled([this.worker.stop(), polling, this.passing]),
      new Promise((resolve) => {
        grace = setTimeout(resolve, this.options.shutdownGraceMs);
      }),
    ]);
    clearTimeout(grace);
    await Promise.allSettled([this.transports.email.close?.(), this.transports.sms.close?.()]);
  }

  private async pass(): Promise<DeliveryPass> {
    const summary: DeliveryPass = { attempted: 0, sent: 0, retrying: 0, failed: 0 };
    // Everything rescheduled during this pass lands after its start, so a failing message is tried
    // once per pass even with no backoff.
    const clock = (await this.db.execute(sql`select now()::text as now`)) as unknown as { rows: Array<{ now: string }> };
    const start = clock.rows[0]?.now ?? new Date().toISOString();
    for (const row of await failAbandoned(this.db, start, this.options.maxAttempts)) {
      this.log.error({ messageId: row.id, template: row.template }, 'message delivery abandoned');
      summary.failed += 1;
    }
    for (const row of await expireOneTimeContent(this.db, start)) {
      this.log.error({ messageId: row.id, template: row.template }, 'one-time message expired undelivered');
      summary.failed += 1;
    }
    this.current = { start, summary };
    try {
      await this.worker.drain();
    } finally {
      this.current = undefined;
    }
    return summary;
  }

  /** One attempt at a claimed row. A transport's refusal is thrown to the worker, which decides on a retry. */
  private async deliver({ row, pass }: Claimed): Promise<void> {
    const transport = this.transportOf(row);
    const receipt = await transport.send(toQueuedMessage(row));
    const marked = await this.mark(row, { status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null });
    if (marked) this.log.info({ ...this.contextOf(row), providerId: receipt?.providerId }, 'message sent');
    if (pass && marked) pass.sent += 1;
  }

  /** A failed attempt: another one after `retryInMs`, or (undefined) given up on. Never throws. */
  private async recordFailure({ row, pass }: Claimed, error: unknown, retryInMs: number | undefined): Promise<void> {
    const context = this.contextOf(row);
    const reason = describe(error);
    try {
      if (retryInMs === undefined) {
        const marked = await this.mark(row, { status: 'failed', lockedUntil: null, lastError: reason });
        if (marked) this.log.error({ ...context, reason }, 'message delivery failed');
        if (pass && marked) pass.failed += 1;
        return;
      }
      const marked = await this.mark(row, {
        status: 'pending',
        lockedUntil: null,
        lastError: reason,
        nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
      });
      if (marked) this.log.warn({ ...context, reason, retryInMs }, 'message delivery failed; will retry');
      if (pass && marked) pass.retrying += 1;
    } catch (bookkeeping) {
      // The row keeps its lock; once it expires a worker tries the message again.
      this.log.error({ ...context, reason, err: bookkeeping }, 'could not record a delivery failure');
    }
  }

  private transportOf(row: Row): Transport {
    return row.channel === 'email' ? this.transports.email : this.transports.sms;
  }

  private contextOf(row: Row) {
    return {
      messageId: row.id,
      channel: row.channel,
      template: row.template,
      attempt: row.attempts,
      transport: this.transportOf(row).name,
    };
  }

  /**
   * Writes the attempt's result only while the row is still this attempt's (same attempt count,
   * still sending): a row taken over after a lost lock belongs to its new sender.
   */
  private async mark(row: Row, result: AttemptResult): Promise<boolean> {
    // A delivered or abandoned one-time code or link is not kept readable.
    const done = result.status === 'sent' || result.status === 'failed';
    const values = done && row.template && oneTimeSet.has(row.template) ? { ...result, ...blanked } : result;
    try {
      const updated = await this.db
        .update(messageQueue)
        .set(values)
        .where(and(eq(messageQueue.id, row.id), eq(messageQueue.status, 'sending'), eq(messageQueue.attempts, row.attempts)))
        .returning({ id: messageQueue.id });
      return updated.length > 0;
    } catch (error) {
      if (values.status === 'sent') {
        // Sent but not recorded: after the lock expires it may go out twice, which beats never.
        this.log.error({ messageId: row.id, template: row.template, err: error }, 'could not record a sent message');
        return false;
      }
      throw error;
    }
  }
}

function toQueuedMessage(row: Row): QueuedMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    body: row.body,
    html: row.html,
    template: row.template,
    language: row.language,
  };
}
