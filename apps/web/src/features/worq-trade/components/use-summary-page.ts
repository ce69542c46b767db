import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../lib/api-error.ts';
import { useIntegrationDetails } from '../../connections/public.ts';
import { completeApplication } from '../api/applications.ts';
import { useSavedPlan } from '../api/plan.ts';
import { useOnboarding } from '../onboarding-context.ts';

/** The summary step's data and actions: the saved plan, the stores, going back to edit, and the submission. */
export function useSummaryPage() {
  const navigate = useNavigate();
  const { application, goToStep } = useOnboarding();
  const plan = useSavedPlan();
  const details = useIntegrationDetails();
  const [submitting, setSubmitting] = useState(false);
  const [editing, setEditing] = useState<1 | 2 | null>(null);

  async function edit(step: 1 | 2) {
    setEditing(step);
    try {
      await goToStep(step);
    } catch (failure) {
      setEditing(null);
      void notifyError(failure);
    }
  }

  async function submit() {
    setSubmitting(true);
    try {
      await completeApplication(application.id);
      // The success page re-reads the list once it is shown: read here, the answer could reach the
      // onboarding guard while it is still mounted, and its redirect to /worq-trade would replace
      // the success page (seen once in CI, behind nginx).
      await navigate('/worq-trade/application-success');
    } catch (failure) {
      setSubmitting(false);
      void notifyError(failure);
    }
  }

  const loading = (plan.isLoading && plan.data === undefined) || (details.isLoading && !details.data);
  const failed = (plan.data === undefined && plan.error) || (!details.data && details.error);

  return { plan, details, submitting, editing, edit, submit, loading, failed };
}
