import { useState } from 'react';
import { notifyError } from '../../../lib/api-error.ts';
import { activateEmail } from '../api/email-verification.ts';

/** Which email modal is open, and activate_email, which sends the code before the verify modal opens. */
export function useEmailVerification() {
  const [verifyState, setVerifyState] = useState<{ expiresInSeconds: number } | null>(null);
  const [changing, setChanging] = useState(false);
  const [activating, setActivating] = useState(false);

  async function startVerification() {
    setActivating(true);
    try {
      const answer = await activateEmail();
      setVerifyState({ expiresInSeconds: answer.expires_in_seconds });
    } catch (error) {
      void notifyError(error);
    } finally {
      setActivating(false);
    }
  }

  return { verifyState, setVerifyState, changing, setChanging, activating, startVerification };
}
