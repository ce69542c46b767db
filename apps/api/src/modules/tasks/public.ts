/** What the tasks module offers other modules (eslint: modules import each other only through public.ts). */
export { type HandlerOutcome, type RunningTask, type Tasks } from './types.ts';
