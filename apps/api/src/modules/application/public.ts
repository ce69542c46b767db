/** What the application module offers other modules (eslint: modules import each other only through public.ts). */
export { toPlanView } from './plan-view.ts';
export {
  findActiveApplication,
  findApplication,
  findPlan,
  hasReachedStepTwo,
  isActiveApplication,
  maxPlanSavedEvents,
  recordEvent,
  recordPlanSaved,
  type Plan,
} from './repository.ts';
