import { useTranslation } from '../../../lib/i18n.ts';
import type { ApplicationEvent } from '../api/application-review.ts';
import { formatDateTime, formatDay, formatMoney } from '../format.ts';
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
  if (event.action === 'payment_recorded' && typeof detail.amount === 'number') {
    return t('review.audit.payment', {
      amount: formatMoney(detail.amount),
      date: typeof detail.paid_at === 'string' ? formatDay(detail.paid_at, language) : '—',
    });
  }
  return null;
}

/** Who did what and when, oldest first: the application's audit trail. */
export function AuditTrail({ events }: { events: ApplicationEvent[] }) {
  const { t, i18n } = useTranslation('admin');
  if (events.length === 0) return <p className={styles.none}>{t('review.audit.none')}</p>;
  return (
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
  );
}
