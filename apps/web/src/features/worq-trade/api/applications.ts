import type { Plan } from './plan.ts';

export type ApplicationStatus = 'not_completed' | 'in_progress' | 'approved' | 'rejected';
export type ApplicationStep = 1 | 2 | 3;

/** The application object of API.md; the list adds the plan when one was saved. */
export interface Application {
  id: string;
  created_at: string;
  status: ApplicationStatus;
  reject_reason: string | null;
  step: ApplicationStep;
  is_leaved: boolean;
  is_cancelled: boolean;
  plan?: Plan | null;
}
