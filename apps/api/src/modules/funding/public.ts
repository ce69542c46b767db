/** What the funding module offers other modules (eslint: modules import each other only through public.ts). */
export { default as fundingWatchJob } from './job.ts';
export { fundingRoutes } from './routes.ts';
export { startFundingWatch, type WatchContext } from './watch.ts';
