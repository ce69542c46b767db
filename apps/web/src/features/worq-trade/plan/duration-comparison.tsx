import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { DurationWeeks } from '@worq/domain/plan';
import { formatLira } from '../../../lib/format.ts';
import type { DurationComparison as Comparison, ScenarioOutcome } from './plan-model.ts';
import styles from './plan.module.css';
import { TableHead } from '../../../components/ui/table-head.tsx';

export interface DurationComparisonProps {
  comparisons: Comparison[];
  selected: DurationWeeks;
  onSelect: (durationWeeks: DurationWeeks) => void;
  disabled?: boolean;
}

/**
 * All offered durations side by side, each under slow, expected and fast sales, so the seller sees
 * what a longer duration costs. Every scenario says where its sales come from: the forecast's
 * interval, or the seller's own estimate (named once in the heading when every row is theirs).
 * A click anywhere on a column (or its button) picks that duration.
 */
export function DurationComparison({ comparisons, selected, onSelect, disabled = false }: DurationComparisonProps) {
  const { t, i18n } = useTranslation('worq-trade');
  const baseId = useId();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const wholePercent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const scenarioLabel = (scenario: ScenarioOutcome, allOwn: boolean) => {
    if (scenario.source !== 'own') return t(`plan.comparison.forecast_scenarios.${scenario.key}`);
    if (!allOwn || scenario.percent === null) return t('plan.comparison.own_estimate');
    return t(`plan.comparison.scenarios.${scenario.key}`, { percent: wholePercent.format(scenario.percent / 100) });
  };

  return (
    <div className={styles.comparison} data-testid="duration-comparison">
      {comparisons.map((comparison) => {
        const isSelected = comparison.durationWeeks === selected;
        const titleId = `${baseId}-${comparison.durationWeeks}`;
        const allOwn = comparison.scenarios.every((scenario) => scenario.source === 'own');
        return (
          // A larger mouse target for the column; the "Choose" button inside is the keyboard and
          // screen-reader way to the same choice.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
          <section
            key={comparison.durationWeeks}
            aria-labelledby={titleId}
            className={[styles.comparisonColumn, isSelected && styles.comparisonSelected].filter(Boolean).join(' ')}
            data-duration={comparison.durationWeeks}
            onClick={() => {
              if (!disabled) onSelect(comparison.durationWeeks);
            }}
          >
            <header className={styles.comparisonHeader}>
              <h3 id={titleId} className={styles.comparisonTitle}>
                {t('plan.comparison.column_title', { weeks: comparison.durationWeeks })}
              </h3>
              <span className={styles.muted}>{t('plan.comparison.rate', { rate: percent.format(comparison.rateBps / 10_000) })}</span>
              {isSelected && <span className={styles.chosenBadge}>{t('plan.comparison.chosen')}</span>}
            </header>
            <dl className={styles.comparisonFigures}>
              <div>
                <dt>{t('plan.comparison.provider_share')}</dt>
                <dd>{formatLira(comparison.figures.providerShare)}</dd>
              </div>
              <div>
                <dt>{t('plan.comparison.total_payment')}</dt>
                <dd>{formatLira(comparison.figures.totalPayment)}</dd>
              </div>
            </dl>
            <table className={styles.scenarioTable}>
              <TableHead
                columns={[
                  allOwn ? t('plan.comparison.scenario_own') : t('plan.comparison.scenario'),
                  { label: t('plan.comparison.your_share'), className: styles.numeric },
                  { label: t('plan.comparison.effective_cost'), className: styles.numeric },
                ]}
              />
              <tbody>
                {comparison.scenarios.map((scenario) => (
                  <tr
                    key={`${scenario.source}-${scenario.key}`}
                    data-scenario={scenario.percent ?? undefined}
                    data-source={scenario.source}
                  >
                    <th scope="row">{scenarioLabel(scenario, allOwn)}</th>
                    <td className={[styles.numeric, scenario.yourShare < 0 && styles.negative].filter(Boolean).join(' ')}>
                      {formatLira(scenario.yourShare)}
                    </td>
                    <td className={styles.numeric}>{percent.format(scenario.effectiveCost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button
              type="button"
              className={styles.comparisonChoose}
              aria-pressed={isSelected}
              disabled={disabled}
              onClick={(event) => {
                event.stopPropagation();
                onSelect(comparison.durationWeeks);
              }}
            >
              {t('plan.comparison.choose', { weeks: comparison.durationWeeks })}
            </button>
          </section>
        );
      })}
    </div>
  );
}
