import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatLira } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { offerPlanPath, useOffer } from '../../worq-trade/public.ts';
import { figureLira } from '../period.ts';
import styles from './insight.module.css';

/**
 * WorqInsight's view of the WorqTrade pre-qualified offer (issue 35): "up to ₺X" with its reasons in
 * one line, always as subject to the experts' review, and a way to the plan with the offer chosen
 * (the start page carries `?use_offer=1` on to the plan step). A refusal says what is missing. The
 * server stores the offer as an import completes, so the card reads it again when one finishes.
 */
export function OfferCard({ importing }: { importing: boolean }) {
  const { t } = useTranslation('insight');
  const { data, mutate } = useOffer();
  const wasImporting = useRef(importing);
  useEffect(() => {
    if (wasImporting.current && !importing) void mutate();
    wasImporting.current = importing;
  }, [importing, mutate]);
  if (!data) return null;
  const qualified = data.status === 'pre_qualified' && data.max_amount !== null;
  return (
    <section className={styles.offer} aria-labelledby="insight-offer" data-offer-status={data.status}>
      <h2 id="insight-offer" className={styles.sectionTitle}>
        {t('offer.title')}
      </h2>
      {qualified ? (
        <>
          <p className={styles.offerAmount}>{t('offer.up_to', { amount: formatLira(data.max_amount, figureLira) })}</p>
          {data.summary && <p>{data.summary}</p>}
          <p className={styles.muted}>{data.subject_to_review}</p>
          <div className={styles.actions}>
            <Link className={styles.linkButton} to={offerPlanPath}>
              {t('offer.plan')}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p>{t('offer.refused')}</p>
          <ul className={styles.offerList} aria-label={t('offer.missing')}>
            {data.refusals.map((refusal) => (
              <li key={refusal.code}>{refusal.text}</li>
            ))}
          </ul>
          {data.raise.length > 0 && (
            <p className={styles.muted}>
              {t('offer.raise')} {data.raise.map((item) => item.text).join(', ')}.
            </p>
          )}
        </>
      )}
    </section>
  );
}
