import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useMarketplaces } from '../api/marketplaces.ts';
import { upsertIntegration } from '../api/upsert-integration.ts';
import { forgetIdeasoftAuthorization, pendingIdeasoftAuthorization } from '../ideasoft-pending.ts';
import { safeInternalPath } from '../../../lib/safe-path.ts';
import { trackTask } from '../../../lib/background-tasks.ts';
import { CallbackCard, CallbackOutcome } from './callback-card.tsx';
import styles from './connections.module.css';

type Outcome =
  { kind: 'connecting' } | { kind: 'in_background' } | { kind: 'success'; message: string } | { kind: 'failed'; message: string };

/**
 * `/ideasoft-callback` (signed in): the store's consent page sends the browser back here with
 * `code` and `state` (or `error=access_denied`). The page finishes the connection through the
 * usual upsert with `{authorization_code, state}` (the server holds the rest under the state), then
 * follows the connect task on the background-task socket and shows its result.
 */
export function Component() {
  const { t } = useTranslation('connections');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: marketplaces, error: marketplacesError } = useMarketplaces();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'connecting' });
  const started = useRef(false);

  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const pending = useMemo(() => (state ? pendingIdeasoftAuthorization(state) : null), [state]);
  // Only a path of this app may be returned to (no open redirect through the stored value).
  const [returnTo] = useState(() => safeInternalPath(pending?.return_to) ?? '/connections');

  useEffect(() => {
    if (started.current) return;
    if (denied || !code || !state) {
      started.current = true;
      forgetIdeasoftAuthorization();
      setOutcome({ kind: 'failed', message: t(denied ? 'ideasoft_callback.denied' : 'ideasoft_callback.missing_params') });
      return;
    }
    // Another tab started it (nothing remembered here): the marketplace list names Ideasoft's id.
    const marketplaceId = pending?.marketplace_id ?? marketplaces?.find((marketplace) => marketplace.code === 'ideasoft')?.id;
    if (!marketplaceId) {
      if (marketplacesError) {
        started.current = true;
        setOutcome({ kind: 'failed', message: errorMessage(marketplacesError) });
      }
      return;
    }
    started.current = true;
    forgetIdeasoftAuthorization();
    void (async () => {
      let requestId: string;
      try {
        ({ request_id: requestId } = await upsertIntegration({
          ...(pending?.integration_id ? { integration_id: pending.integration_id } : {}),
          marketplace_id: marketplaceId,
          // The server uses the store name it keeps with the state; this one only fills the form field.
          store_name: pending?.store_name ?? 'Ideasoft',
          credentials: { authorization_code: code, state },
        }));
      } catch (error) {
        setOutcome({ kind: 'failed', message: errorMessage(error) });
        return;
      }
      const followed = trackTask(requestId, pending?.integration_id ? 'update_integration' : 'connect_integration', {
        page: returnTo,
        onSuccess: (result) => setOutcome({ kind: 'success', message: result.message }),
        onFailure: (result) => setOutcome({ kind: 'failed', message: result.message || t('ideasoft_callback.failed_title') }),
      });
      if (!followed) setOutcome({ kind: 'in_background' });
    })();
  }, [code, state, denied, pending, marketplaces, marketplacesError, returnTo, t]);

  // The code and state are spent: keep them out of the address bar and the history.
  useEffect(() => {
    if (outcome.kind !== 'connecting') window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [outcome.kind]);

  if (outcome.kind === 'connecting') {
    return (
      <CallbackCard>
        <Spinner decorative />
        <h1 className={styles.callbackTitle}>{t('ideasoft_callback.connecting_title')}</h1>
        <p>{t('ideasoft_callback.connecting')}</p>
      </CallbackCard>
    );
  }

  const succeeded = outcome.kind !== 'failed';
  return (
    <CallbackOutcome
      succeeded={succeeded}
      title={succeeded ? t('ideasoft_callback.success_title') : t('ideasoft_callback.failed_title')}
      text={outcome.kind === 'in_background' ? t('ideasoft_callback.in_background') : outcome.message}
      action={t('ideasoft_callback.back')}
      onAction={() => navigate(returnTo)}
    />
  );
}
