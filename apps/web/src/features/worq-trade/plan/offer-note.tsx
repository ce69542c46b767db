/**
 * The pre-qualified offer (GET /gpp/offer, issue 35) on the WorqTrade start page and the plan step,
 * and the forecast's slow / expected / fast sales under the plan's estimated sales turnover. The
 * offer is always shown as a pre-qualification subject to the experts' review.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { salesScenarioNames, useOffer, useOfferParam, type OfferView, type SalesScenario } from '../api/offer.ts';
import { formatLira } from '../../../lib/format.ts';
import { kurusToLiraInput, parseLiraInput } from './money.ts';
import type { PlanFormFields } from './plan-form-schema.ts';
import { salesSourceOf } from './plan-model.ts';
import styles from './offer.module.css';

const fill = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;

/** The offer's headline, reasons, priced durations and what would raise it; the refusal and its reasons otherwise. */
export function OfferCard({ offer, onChoose, disabled }: { offer: OfferView; onChoose?: () => void; disabled?: boolean }) {
  const { t } = useTranslation('worq-trade');
  const qualified = offer.status === 'pre_qualified';
  return (
    <section className={styles.offer} aria-label={t('offer.title')}>
      {qualified ? <p className={styles.headline}>{offer.headline}</p> : <p className={styles.headline}>{t('offer.refused')}</p>}
      {qualified ? (
        <p>{offer.summary}</p>
      ) : (
        <ul>
          {offer.refusals.map((refusal) => (
            <li key={refusal.code}>{refusal.text}</li>
          ))}
        </ul>
      )}
      {qualified && (
        <ul className={styles.durations} aria-label={t('offer.durations')}>
          {offer.durations.map((duration) => (
            <li key={duration.duration_weeks}>
              {t('offer.duration', {
                weeks: duration.duration_weeks,
                rate: Math.round(duration.provider_share_rate * 100),
                installment: formatLira(duration.installment_amount),
                total: formatLira(duration.total_payment),
              })}
            </li>
          ))}
        </ul>
      )}
      {offer.raise.length > 0 && (
        <p>
          {t('offer.raise')} {offer.raise.map((item) => item.text).join(', ')}.
        </p>
      )}
      <p className={styles.review}>{offer.subject_to_review}</p>
      {qualified && onChoose && (
        <Button variant="secondary" size="sm" disabled={disabled} onClick={onChoose}>
          {t('offer.choose')}
        </Button>
      )}
    </section>
  );
}

/** The start page's offer: read only, it is chosen on the plan step. */
export function StartPageOffer() {
  const { data } = useOffer();
  if (!data || (data.status === 'refused' && data.inputs.store_count === 0 && data.forecast === null)) return null;
  return <OfferCard offer={data} />;
}

function scenarioSales(offer: OfferView | undefined, durationWeeks: number) {
  return offer?.sales_scenarios.find((scenario) => scenario.duration_weeks === durationWeeks);
}

/** What the offer card and the scenario note get from the plan form: they read its duration and fill its fields. */
interface PlanFormNoteProps {
  control: Control<PlanFormFields>;
  setValue: UseFormSetValue<PlanFormFields>;
  disabled?: boolean;
}

/**
 * The plan step's offer: choosing it fills the turnover (the verified monthly average), the stock
 * purchase (the offer) and the estimated sales (the forecast's expected case for the duration).
 * `?use_offer=1` (WorqInsight's offer card, through the start page) chooses it on arrival, as
 * `?use_suggestion=1` applies the turnover.
 */
export function PlanOffer({ control, setValue, disabled }: PlanFormNoteProps) {
  const { data } = useOffer();
  const durationWeeks = Number(useWatch({ control, name: 'durationWeeks' }));
  const choose = useCallback(() => {
    if (!data || data.max_amount === null) return;
    setValue('averageMonthlyTurnover', kurusToLiraInput(Math.round(data.inputs.net_sales_90_days / 3)), fill);
    setValue('estimatedStockPurchase', kurusToLiraInput(data.max_amount), fill);
    const sales = scenarioSales(data, durationWeeks);
    if (sales) setValue('estimatedSalesTurnover', kurusToLiraInput(sales.expected), fill);
  }, [data, durationWeeks, setValue]);
  const [params] = useSearchParams();
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || params.get(useOfferParam) !== '1' || data?.status !== 'pre_qualified') return;
    applied.current = true;
    choose();
  }, [data, params, choose]);
  if (!data || data.status !== 'pre_qualified') return null;
  return <OfferCard offer={data} onChoose={choose} disabled={disabled} />;
}

/**
 * Under the estimated sales turnover: the forecast's three scenarios for the chosen duration, one
 * click each, and which one the plan's figures (installments, your share) now use.
 */
export function SalesScenarioNote({ control, setValue, disabled }: PlanFormNoteProps) {
  const { t } = useTranslation('worq-trade');
  const { data } = useOffer();
  const [durationText, salesText] = useWatch({ control, name: ['durationWeeks', 'estimatedSalesTurnover'] });
  const durationWeeks = Number(durationText);
  const sales = scenarioSales(data, durationWeeks);
  if (!sales) return null;
  const source = salesSourceOf(data?.sales_scenarios, durationWeeks, parseLiraInput(salesText ?? ''));
  const used: SalesScenario | null = source === 'own' ? null : (source.replace('forecast_', '') as SalesScenario);
  return (
    <div className={styles.scenarios} role="group" aria-label={t('offer.scenarios.title', { weeks: durationWeeks })}>
      <p>{t('offer.scenarios.title', { weeks: durationWeeks })}</p>
      {salesScenarioNames.map((name) => (
        <Button
          key={name}
          variant={used === name ? 'primary' : 'secondary'}
          size="sm"
          disabled={disabled}
          aria-pressed={used === name}
          onClick={() => setValue('estimatedSalesTurnover', kurusToLiraInput(sales[name]), fill)}
        >
          {t(`offer.scenarios.${name}`, { amount: formatLira(sales[name]) })}
        </Button>
      ))}
      <p aria-live="polite">
        {used ? t('offer.scenarios.used', { scenario: t(`offer.scenarios.name_${used}`) }) : t('offer.scenarios.own')}
      </p>
    </div>
  );
}
