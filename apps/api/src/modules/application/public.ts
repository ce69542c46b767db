/** What the application module offers other modules (eslint: modules import each other only through public.ts). */
export { toPlanView } from './plan-view.ts';
export {
  findActiveApplication,
  findApplication,
  findPlan,
  hasReachedStepTwo,
  isActiveApplication,
  recordEvent,
  type Plan,
} from './repository.ts';
