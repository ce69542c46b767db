import { useSearchParams } from 'react-router';
import {
  portfolioRiskFilters,
  portfolioSorts,
  portfolioStates,
  type PortfolioQuery,
  type PortfolioRiskFilter,
  type PortfolioSort,
  type PortfolioState,
} from '../api/portfolio.ts';
import { useListQuery } from './use-list-query.ts';

/**
 * The portfolio's view in the query string, like every back-office list (use-list-query.ts): the
 * state filter, search and page as the others; the warning filter and the order beside them. A new
 * filter or order goes back to the first page.
 */
export function usePortfolioQuery() {
  const list = useListQuery<PortfolioState>(portfolioStates, 'state', 'active');
  const [searchParams, setSearchParams] = useSearchParams();
  const pick = <Value extends string>(values: readonly Value[], param: string, fallback: Value): Value =>
    values.find((value) => value === searchParams.get(param)) ?? fallback;
  const risk = pick<PortfolioRiskFilter>(portfolioRiskFilters, 'risk', 'all');
  const sort = pick<PortfolioSort>(portfolioSorts, 'sort', 'risk');

  function choose(param: string, value: string, fallback: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(param);
        else next.set(param, value);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  const query: PortfolioQuery = { sort, risk, state: list.filter, q: list.q, page: list.page };
  return {
    query,
    setState: list.setFilter,
    setQ: list.setQ,
    setPage: list.setPage,
    setRisk: (value: PortfolioRiskFilter) => choose('risk', value, 'all'),
    setSort: (value: PortfolioSort) => choose('sort', value, 'risk'),
  };
}
