import { useCallback, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useBlocker, type BlockerFunction } from 'react-router';
import { Modal } from './modal.tsx';

/**
 * Warns that entered data will be lost (§2, §5): in-app navigation to another page is held until the
 * user confirms in a dialog, and closing or reloading the tab triggers the browser's own prompt.
 * Render the returned element: `const leaveDialog = useLeaveWarning(isDirty); … {leaveDialog}`.
 * The blocker reads `isDirty` from the last render, so after a successful save clear the dirty flag
 * and navigate once that render has happened (e.g. in an effect), not in the same event handler.
 */
export function useLeaveWarning(isDirty: boolean): ReactNode {
  const { t } = useTranslation('feedback');

  // Moving within the same page (query or hash changes) keeps the form, so only another path is held.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  // A form that became clean while the dialog was open lets the held navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !isDirty) blocker.proceed();
  }, [blocker, isDirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('leave_warning.title')}
      onSubmit={() => blocker.proceed?.()}
      submitLabel={t('leave_warning.leave')}
      closeLabel={t('leave_warning.stay')}
    >
      <p>{t('leave_warning.text')}</p>
    </Modal>
  );
}
