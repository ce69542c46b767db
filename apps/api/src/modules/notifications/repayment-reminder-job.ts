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
  app.schedule('repayment reminders', everyMs, async () => {
    const reminded = await sendDueReminders(db);
    if (reminded > 0) app.log.info({ reminded }, 'repayment reminders queued');
  });
}

export default fp(reminderJob, { name: 'repayment-reminders', dependencies: ['queue-core'] });
