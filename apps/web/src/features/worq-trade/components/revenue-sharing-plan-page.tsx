import { RevenueSharingPlan } from '../plan/revenue-sharing-plan.tsx';

/** /worq-trade/onboarding/revenue-sharing-plan — step 1, inside the onboarding layout. */
export function Component() {
  return <RevenueSharingPlan />;
}
