import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runFundingWatch, type WatchContext } from './watch.ts';

/*
 * Runs the funding watch in every process, on the order sync's tick (15 s). Each tick claims only
 * the applications that are due (their interval passed, or a store synced since the last check),
 * with SKIP LOCKED, so several processes share the work without checking one application twice.
 */

export interface FundingWatchJobOptions {
  watch: Omit<WatchContext, 'log'>;
  /** 0 turns the timer off (tests run runFundingWatch themselves). */
  everyMs: number;
}

async function fundingWatchJob(app: FastifyInstance, { watch, everyMs }: FundingWatchJobOptions) {
  const ctx: WatchContext = { ...watch, log: app.log };
  app.schedule('funding watch', everyMs, async () => {
    const checked = await runFundingWatch(ctx);
    if (checked > 0) app.log.debug({ checked }, 'funding watch checked applications');
  });
}

export default fp(fundingWatchJob, { name: 'funding-watch', dependencies: ['queue-core'] });
