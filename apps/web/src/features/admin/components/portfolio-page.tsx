import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDate, formatLira, formatPercent } from '../../../lib/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { useIsMobile } from '../../../components/ui/nav/use-is-mobile.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { Tag, type TagColor } from '../../../components/ui/tag.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import {
  downloadPortfolioCsv,
  portfolioPageSize,
  portfolioRiskFilters,
  portfolioSorts,
  portfolioStates,
  usePortfolio,
  type PortfolioRiskFilter,
  type PortfolioRow,
  type PortfolioSort,
} from '../api/portfolio.ts';
import { FilterButtons, ListResults, ListToolbar, Pagination, SearchBox } from './list-controls.tsx';
import { usePortfolioQuery } from './use-portfolio-query.ts';
import { WarningTag } from './warning-tag.tsx';
import list from './admin-list.module.css';
import styles from './portfolio-page.module.css';

const connectionColors: Record<PortfolioRow['connection_health'], TagColor> = {
  ok: 'green',
  stale: 'orange',
  disconnected: 'red',
  no_store: 'gray',
};

/** Under 90 % of the plan is what the seller's page calls behind (funding-watch standingTolerance). */
const behindPlan = 0.9;

function reviewHref(row: PortfolioRow) {
  return `/admin/applications/${encodeURIComponent(row.application_id)}`;
}

function sellerName(row: PortfolioRow) {
  return row.customer.name || row.customer.email;
}

function useFigures() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const percent = (value: number | null) => (value === null ? '—' : formatPercent(value, language, 0));
  return {
    salesVsPlan: (value: number | null) => (
      <span className={value !== null && value < behindPlan ? styles.behind : undefined}>{percent(value)}</span>
    ),
    returns: (row: PortfolioRow) =>
      row.return_rate === null
        ? '—'
        : t('portfolio.return_rate_value', {
            now: formatPercent(row.return_rate, language),
            approval: row.return_rate_at_approval === null ? '—' : formatPercent(row.return_rate_at_approval, language),
          }),
    quietDays: (row: PortfolioRow) =>
      row.days_since_last_order === null ? t('portfolio.no_order') : t('portfolio.days', { count: row.days_since_last_order }),
    connection: (row: PortfolioRow) => (
      <Tag color={connectionColors[row.connection_health]} size="sm" dot>
        {t(`portfolio.connection.${row.connection_health}`)}
      </Tag>
    ),
  };
}

function Warnings({ row }: { row: PortfolioRow }) {
  const { t } = useTranslation('admin');
  if (row.warnings.length === 0) return <span className={styles.none}>{t('portfolio.no_warnings')}</span>;
  return (
    <ul className={styles.chips} aria-label={t('portfolio.columns.warnings')}>
      {row.warnings.map((code) => (
        <li key={code}>
          <WarningTag code={code} />
        </li>
      ))}
    </ul>
  );
}

function SellerCell({ row }: { row: PortfolioRow }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Link
        to={reviewHref(row)}
        className={list.sellerLink}
        aria-label={t('portfolio.open', { name: sellerName(row) })}
        onClick={(event) => event.stopPropagation()}
      >
        {sellerName(row)}
      </Link>
      <span className={list.sub}>{row.company_title ?? row.customer.email}</span>
      {row.unverified_stores > 0 && (
        <Tag color="yellow" size="sm" className={styles.unverified}>
          {t('portfolio.unverified_stores', { count: row.unverified_stores })}
        </Tag>
      )}
    </>
  );
}

function PortfolioTable({ rows, caption }: { rows: PortfolioRow[]; caption: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const figures = useFigures();
  return (
    <div className={list.tableWrap}>
      <table className={`${list.table} ${styles.table}`}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          columns={[
            t('portfolio.columns.seller'),
            { label: t('portfolio.columns.risk'), className: list.numeric },
            { label: t('portfolio.columns.remaining'), className: list.numeric },
            { label: t('portfolio.columns.sales_vs_plan'), className: list.numeric },
            { label: t('portfolio.columns.late'), className: list.numeric },
            t('portfolio.columns.connection'),
            { label: t('portfolio.columns.last_order'), className: list.numeric },
            { label: t('portfolio.columns.returns'), className: list.numeric },
            t('portfolio.columns.warnings'),
          ]}
        />
        <tbody>
          {rows.map((row) => (
            // The seller's name is the row's link for keyboards and screen readers; a click anywhere on
            // the row is a shortcut for the mouse (as in the review queue).
            <tr key={row.application_id} className={list.row} onClick={() => void navigate(reviewHref(row))}>
              <td className={styles.sellerCell}>
                <SellerCell row={row} />
              </td>
              <td className={list.numeric}>{row.risk_score}</td>
              <td className={list.numeric}>
                {formatLira(row.remaining_amount)}
                <span className={list.sub}>{t('portfolio.of_total', { amount: formatLira(row.total_payment_amount) })}</span>
              </td>
              <td className={list.numeric}>
                <span className={styles.period}>
                  <span className={styles.periodLabel}>{t('portfolio.weeks_2')}</span> {figures.salesVsPlan(row.sales_vs_plan_2w)}
                </span>
                <span className={styles.period}>
                  <span className={styles.periodLabel}>{t('portfolio.weeks_4')}</span> {figures.salesVsPlan(row.sales_vs_plan_4w)}
                </span>
              </td>
              <td className={list.numeric}>
                <span className={row.late_installments > 0 ? styles.behind : undefined}>{row.late_installments}</span>
              </td>
              <td>{figures.connection(row)}</td>
              <td className={list.numeric}>{figures.quietDays(row)}</td>
              <td className={list.numeric}>{figures.returns(row)}</td>
              <td>
                <Warnings row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PortfolioCards({ rows }: { rows: PortfolioRow[] }) {
  const { t, i18n } = useTranslation('admin');
  const figures = useFigures();
  return (
    <ul className={list.cards}>
      {rows.map((row) => (
        <li key={row.application_id} className={list.card}>
          <span className={list.cardTop}>
            <Link
              to={reviewHref(row)}
              className={`${list.cardName} ${styles.cardName}`}
              aria-label={t('portfolio.open', { name: sellerName(row) })}
            >
              {sellerName(row)}
            </Link>
            {figures.connection(row)}
          </span>
          <span className={list.sub}>{row.company_title ?? row.customer.email}</span>
          {row.unverified_stores > 0 && (
            <Tag color="yellow" size="sm" className={styles.unverified}>
              {t('portfolio.unverified_stores', { count: row.unverified_stores })}
            </Tag>
          )}
          <Warnings row={row} />
          <DefinitionList
            className={list.cardFacts}
            items={[
              { label: t('portfolio.columns.sales_2w'), value: figures.salesVsPlan(row.sales_vs_plan_2w) },
              { label: t('portfolio.columns.sales_4w'), value: figures.salesVsPlan(row.sales_vs_plan_4w) },
              { label: t('portfolio.columns.remaining'), value: formatLira(row.remaining_amount) },
              { label: t('portfolio.columns.late'), value: row.late_installments },
              { label: t('portfolio.columns.last_order'), value: figures.quietDays(row) },
              { label: t('portfolio.columns.returns'), value: figures.returns(row) },
              { label: t('portfolio.columns.risk'), value: row.risk_score },
              { label: t('portfolio.columns.approved_at'), value: formatDate(row.approved_at, i18n.language) },
            ]}
          />
        </li>
      ))}
    </ul>
  );
}

function Choice<Value extends string>({
  label,
  values,
  value,
  labelOf,
  onChange,
}: {
  label: string;
  values: readonly Value[];
  value: Value;
  labelOf: (value: Value) => string;
  onChange: (value: Value) => void;
}) {
  const id = useId();
  return (
    <div className={styles.choice}>
      <label htmlFor={id} className={styles.choiceLabel}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {values.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /admin/portfolio: every funded application, the riskiest first, with its early warnings (issue 36). */
export function Component() {
  const { t } = useTranslation('admin');
  const isMobile = useIsMobile();
  const { query, setState, setQ, setPage, setRisk, setSort } = usePortfolioQuery();
  const { data, error, isLoading, isValidating, mutate } = usePortfolio(query);
  const [downloading, setDownloading] = useState(false);
  const rows = data?.rows ?? [];

  async function exportCsv() {
    setDownloading(true);
    try {
      await downloadPortfolioCsv(query, `portfolio-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      toast.error(t('portfolio.csv_failed'), { timeout: 5000, dismissible: true });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className={list.page}>
      <PageHeader
        title={t('portfolio.title')}
        subtitle={t('portfolio.subtitle')}
        actions={
          <Button variant="secondary" size="sm" busy={downloading} busyText={t('portfolio.csv_busy')} onClick={() => void exportCsv()}>
            {t('portfolio.csv')}
          </Button>
        }
      />
      <ListToolbar>
        <FilterButtons
          label={t('portfolio.state_label')}
          filters={portfolioStates}
          value={query.state}
          labelOf={(value) => t(`portfolio.state.${value}`)}
          onChange={setState}
        />
        <div className={styles.choices}>
          <Choice<PortfolioRiskFilter>
            label={t('portfolio.risk_label')}
            values={portfolioRiskFilters}
            value={query.risk}
            labelOf={(value) => (value === 'all' || value === 'any_warning' ? t(`portfolio.risk.${value}`) : t(`funding.warning.${value}`))}
            onChange={setRisk}
          />
          <Choice<PortfolioSort>
            label={t('portfolio.sort_label')}
            values={portfolioSorts}
            value={query.sort}
            labelOf={(value) => t(`portfolio.sort.${value}`)}
            onChange={setSort}
          />
        </div>
        <SearchBox label={t('portfolio.search_label')} placeholder={t('portfolio.search_placeholder')} value={query.q} onSearch={setQ} />
      </ListToolbar>
      <ListResults
        countText={data ? t('portfolio.count', { count: data.total }) : null}
        isLoading={isLoading && !data}
        isValidating={isValidating}
        failed={Boolean(error) && !data}
        failedText={t('portfolio.load_failed')}
        onRetry={() => void mutate()}
        isEmpty={rows.length === 0}
        emptyText={t('portfolio.empty')}
      >
        {isMobile ? <PortfolioCards rows={rows} /> : <PortfolioTable rows={rows} caption={t('portfolio.caption')} />}
      </ListResults>
      {data && <Pagination page={query.page} total={data.total} pageSize={portfolioPageSize} onPage={setPage} />}
    </div>
  );
}
