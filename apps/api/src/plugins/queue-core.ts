import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Scheduler, type ScheduledJob } from '../queue-core/schedule.ts';

export type ScheduleJob = (name: string, everyMs: number, job: () => unknown) => ScheduledJob;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `job` every `everyMs` in this process from the moment the app is ready until it closes:
     * never two runs at once, failures logged, the timer unref'd. `everyMs` ≤ 0 schedules nothing.
     * The answer's runSoon asks for one extra run before the next tick.
     */
    schedule: ScheduleJob;
  }
}

/** The periodic jobs of the app (repayment reminders, the order-sync tick, the funding watch) on the queue core. */
async function queueCorePlugin(app: FastifyInstance) {
  const scheduler = new Scheduler(app.log);
  app.decorate('schedule', (name: string, everyMs: number, job: () => unknown) => scheduler.schedule(name, everyMs, job));
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.close());
}

export default fp(queueCorePlugin, { name: 'queue-core' });
