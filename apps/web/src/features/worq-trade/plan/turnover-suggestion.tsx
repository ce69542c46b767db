import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { marketplaceName } from '../../connections/public.ts';
import { useTurnoverSuggestion, type TurnoverSuggestion } from '../api/suggestion.ts';
import { formatLira } from '../../../lib/format.ts';
import styles from './plan.module.css';

/** "Trendyol ve Hepsiburada, Ağu–Eki": where the figure comes from. */
export function suggestionSource(suggestion: TurnoverSuggestion, language: string, and: string): string {
  const names = [...new Set(suggestion.integrations.map((store) => marketplaceName(store.marketplace_code)))];
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
  const month = (day: string | null) =>
    day
      ? new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'tr-TR', { month: 'short', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        )
      : '';
  const from = month(suggestion.period.from);
  const to = month(suggestion.period.to);
  return `${list}, ${from === to ? from : `${from}–${to}`}`;
}

/**
 * Under the turnover field: the average of the seller's synced sales with its source and one click
 * to use it (ARCHITECTURE.md §6). `?use_suggestion=1` (a WorqInsight tip) applies it on arrival.
 * Stores left out as unverified sources are named, so the seller knows why a figure is missing.
 */
export function TurnoverSuggestionNote({ onUse, disabled }: { onUse: (kurus: number) => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation('worq-trade');
  const { data } = useTurnoverSuggestion();
  const [params] = useSearchParams();
  const applied = useRef(false);
  const amount = data?.average_monthly_turnover ?? null;
  useEffect(() => {
    if (amount === null || applied.current || params.get('use_suggestion') !== '1') return;
    applied.current = true;
    onUse(amount);
  }, [amount, params, onUse]);
  const excluded = data?.excluded_integrations ?? [];
  if (!data || (amount === null && excluded.length === 0)) return null;
  return (
    <div className={styles.suggestion} role="note">
      {amount !== null && (
        <p>
          {t('plan.suggestion.text', {
            amount: formatLira(amount),
            months: data.months_used,
            source: suggestionSource(data, i18n.language, t('plan.suggestion.and')),
          })}
        </p>
      )}
      {excluded.length > 0 && (
        <p>
          {t('plan.suggestion.excluded', {
            stores: excluded.map((store) => `${store.store_name} (${marketplaceName(store.marketplace_code)})`).join(', '),
          })}
        </p>
      )}
      {amount !== null && (
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onUse(amount)}>
          {t('plan.suggestion.use')}
        </Button>
      )}
    </div>
  );
}
