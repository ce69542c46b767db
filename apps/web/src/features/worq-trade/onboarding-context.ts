import { useOutletContext } from 'react-router';
import type { Application, ApplicationStep } from './api/applications.ts';

/**
 * What the onboarding layout (guard + progress indicator) hands to every step page through the
 * router outlet: the active application and the way to move it to another step.
 */
export interface OnboardingContextValue {
  application: Application;
  /** Re-reads the application list (after a change made elsewhere). */
  reload(): Promise<void>;
  /** POST /application/set_step, then navigates to that step's URL; throws the API error as is. */
  goToStep(step: ApplicationStep): Promise<void>;
}

export function useOnboarding(): OnboardingContextValue {
  return useOutletContext<OnboardingContextValue>();
}
