import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sendDueReminders } from './repayment-notices.ts';

/*
 * Runs the repayment reminders every few minutes in every process. Running twice is harmless: the
 * once-only key (installment, kind) is inserted with the messages, so only one runner queues them.
 */

export interface ReminderJobOptions {
  db: Db;
  /** 0 turns the timer off (tests run sendDueReminders themselves). */
  everyMs: number;
}

async function reminderJob(app: FastifyInstance, { db, everyMs }: ReminderJobOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const reminded = await sendDueReminders(db);
      if (reminded > 0) app.log.info({ reminded }, 'repayment reminders queued');
    } catch (error) {
      app.log.warn({ err: error }, 'repayment reminder run failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    if (everyMs <= 0) return;
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}

export default fp(reminderJob, { name: 'repayment-reminders' });
