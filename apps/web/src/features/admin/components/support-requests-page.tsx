import { useTranslation } from '../../../lib/i18n.ts';
import {
  markSupportRequestHandled,
  supportRequestFilters,
  supportRequestsPageSize,
  useSupportRequests,
  type SupportRequest,
} from '../api/support-requests.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { CallbackCard, CallbackListPage } from './callback-list.tsx';
import own from './support-requests-page.module.css';

/** What a support request adds to the card: topic, how the seller wants to be reached, when, the message. */
function SupportRequestDetails({ request }: { request: SupportRequest }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <>
      <dl className={own.facts}>
        <div>
          <dt>{t('support_requests.topic')}</dt>
          <dd>{t(`support_requests.topics.${request.topic}`)}</dd>
        </div>
        <div>
          <dt>{t('support_requests.preference')}</dt>
          <dd>{t(`support_requests.preferences.${request.contact_preference}`)}</dd>
        </div>
        <div>
          <dt>{t('support_requests.received')}</dt>
          <dd>
            <time dateTime={request.created_at}>{formatDateTime(request.created_at, i18n.language)}</time>
          </dd>
        </div>
      </dl>
      <p className={own.message}>{request.message}</p>
      {request.handled_at && (
        <p className={own.handled}>
          {t('support_requests.handled_by', {
            name: request.handled_by?.name || request.handled_by?.email || '—',
            date: formatDateTime(request.handled_at, i18n.language),
          })}
        </p>
      )}
    </>
  );
}

/** /admin/support-requests: what sellers wrote through the built-in support form; "to call back" and "done". */
export function Component() {
  return (
    <CallbackListPage
      texts="support_requests"
      filters={supportRequestFilters}
      pageSize={supportRequestsPageSize}
      useItems={useSupportRequests}
      renderItem={(request: SupportRequest, onHandled) => (
        <CallbackCard
          texts="support_requests"
          idPrefix="support"
          item={request}
          markHandled={markSupportRequestHandled}
          onHandled={onHandled}
        >
          <SupportRequestDetails request={request} />
        </CallbackCard>
      )}
    />
  );
}
