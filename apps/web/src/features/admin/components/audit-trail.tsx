import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { getApplicationEvents, type ApplicationEvent } from '../api/application-review.ts';
import { formatDateTime, formatDay, formatLira } from '../../../lib/format.ts';
import styles from './audit-trail.module.css';

function detailText(
  event: ApplicationEvent,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): string | null {
  const { detail } = event;
  if (event.action === 'rejected' && typeof detail.reject_reason === 'string')
    return t('review.audit.reason', { reason: detail.reject_reason });
  const step = detail.to;
  if (event.action === 'step_changed' && (typeof step === 'number' || typeof step === 'string')) return t('review.audit.step', { step });
  // Saves in a row are one event on the server, with how many it stands for.
  if (event.action === 'plan_saved' && typeof detail.saves === 'number' && detail.saves > 1) {
    return t('review.audit.saves', {
      count: detail.saves,
      date: typeof detail.first_saved_at === 'string' ? formatDateTime(detail.first_saved_at, language) : '—',
    });
  }
  if (event.action === 'payment_recorded' && typeof detail.amount === 'number') {
    return t('review.audit.payment', {
      amount: formatLira(detail.amount),
      date: typeof detail.paid_at === 'string' ? formatDay(detail.paid_at, language) : '—',
    });
  }
  return null;
}

interface AuditTrailProps {
  applicationId: string;
  /** The first page, as the application page carries it. */
  events: ApplicationEvent[];
  /** Where the next page starts; null when `events` is the whole trail. */
  nextCursor: string | null;
}

interface LaterPages {
  /** The first page these follow: a reloaded application page starts over. */
  after: ApplicationEvent[];
  events: ApplicationEvent[];
  cursor: string | null;
}

/** Who did what and when, oldest first: the application's audit trail, a page at a time. */
export function AuditTrail({ applicationId, events: firstPage, nextCursor }: AuditTrailProps) {
  const { t, i18n } = useTranslation('admin');
  const [later, setLater] = useState<LaterPages>({ after: firstPage, events: [], cursor: nextCursor });
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = later.after === firstPage ? later : { after: firstPage, events: [], cursor: nextCursor };
  if (current !== later) setLater(current);

  const loadMore = async () => {
    if (!current.cursor) return;
    setLoading(true);
    setFailure(null);
    try {
      const page = await getApplicationEvents(applicationId, current.cursor);
      setLater((shown) =>
        shown.after === firstPage ? { after: firstPage, events: [...shown.events, ...page.events], cursor: page.next_cursor } : shown,
      );
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  const events = [...firstPage, ...current.events];
  if (events.length === 0) return <p className={styles.none}>{t('review.audit.none')}</p>;
  return (
    <>
      <ol className={styles.timeline}>
        {events.map((event) => {
          const role = t(`roles.${event.actor.role}`);
          const who =
            event.actor.role === 'system'
              ? t('review.audit.system')
              : t('review.audit.by', { name: event.actor.name || event.actor.email || '—', role });
          const extra = detailText(event, t, i18n.language);
          return (
            <li key={event.id} className={styles.item} data-action={event.action}>
              <span className={styles.marker} aria-hidden="true" />
              <div className={styles.body}>
                <p className={styles.action}>
                  {/* An action added on the server before the web knows its words still reads as a sentence. */}
                  {i18n.exists(`admin:actions.${event.action}`)
                    ? t(`actions.${event.action}`)
                    : t('actions.unknown', { action: event.action })}
                </p>
                <p className={styles.meta}>
                  {who}
                  {' · '}
                  <time dateTime={event.created_at}>{formatDateTime(event.created_at, i18n.language)}</time>
                </p>
                {extra && <p className={styles.extra}>{extra}</p>}
              </div>
            </li>
          );
        })}
      </ol>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
      {current.cursor && (
        <Button variant="secondary" size="sm" className={styles.more} busy={loading} onClick={() => void loadMore()}>
          {t('review.audit.more')}
        </Button>
      )}
    </>
  );
}
