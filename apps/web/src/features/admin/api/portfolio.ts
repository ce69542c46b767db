import useSWR from 'swr';
import type { WarningCode } from '@worq/domain/funding-watch';
import type { PortfolioPage, PortfolioRowView, WarningView } from '@worq/domain/wire/funding';
import { portfolioRiskFilters, portfolioSorts, portfolioStates, warningCodes } from '@worq/domain/wire/choices';
import type { RouteQuery } from '@worq/domain/wire/routes';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { PortfolioPage, PortfolioRowView as PortfolioRow, WarningCode, WarningView as Warning };

/** The early-warning rules in the order of their weight, and the list's sorts, states and risk filters. */
export { portfolioRiskFilters, portfolioSorts, portfolioStates, warningCodes };
export type PortfolioSort = (typeof portfolioSorts)[number];
export type PortfolioState = (typeof portfolioStates)[number];
export type PortfolioRiskFilter = (typeof portfolioRiskFilters)[number];
export const portfolioPageSize = 20;

/** What the portfolio screen asks for; the page size is fixed. */
export interface PortfolioQuery {
  sort: PortfolioSort;
  risk: PortfolioRiskFilter;
  state: PortfolioState;
  q: string;
  page: number;
}

export const portfolioPath = routeUrl('GET /admin/portfolio');
export const portfolioSummaryPath = routeUrl('GET /admin/portfolio/summary');

/** The query on the wire: defaults left out, so the list and its CSV ask for exactly the same rows. */
export function portfolioParams({ sort, risk, state, q, page }: PortfolioQuery): RouteQuery<'GET /admin/portfolio'> {
  return { sort, risk, state, ...(q ? { q } : {}), page, pagesize: portfolioPageSize };
}

/** Every funded application, the riskiest first by default (API.md "After funding"). */
export function usePortfolio(query: PortfolioQuery) {
  return useSWR(
    [portfolioPath, query.sort, query.risk, query.state, query.q, query.page] as const,
    () => call('GET /admin/portfolio', { query: portfolioParams(query) }),
    { keepPreviousData: true },
  );
}

/**
 * The same rows as CSV, every page of them, built by the server (quoted, formula-safe). Asked through
 * the HTTP client so that the call carries the expert's token (and refreshes it like any other); the
 * text is saved as a file, with the byte order mark the server sent (reading the text drops it), so
 * that spreadsheets read the Turkish letters as UTF-8.
 */
export async function downloadPortfolioCsv(query: PortfolioQuery, fileName: string): Promise<void> {
  const { page: _page, pagesize: _pagesize, ...everyPage } = portfolioParams(query);
  const body: unknown = await call('GET /admin/portfolio.csv', { query: everyPage }, { headers: { Accept: 'text/csv' } });
  if (typeof body !== 'string') throw new Error('The portfolio CSV did not arrive as text');
  const csv = body;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the address after click() returns.
  const href = link.href;
  window.setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The back-office badge: open warnings across the portfolio; refreshed every minute. */
export function usePortfolioSummary() {
  return useSWR(portfolioSummaryPath, () => call('GET /admin/portfolio/summary'), { refreshInterval: 60_000 });
}

export const warningsPath = (id: string) => routeUrl('GET /admin/applications/{id}/warnings', { id });

/** An application's warnings, open first, with the figures that raised them. */
export function useApplicationWarnings(applicationId: string | null) {
  return useSWR(applicationId ? warningsPath(applicationId) : null, () =>
    call('GET /admin/applications/{id}/warnings', { path: { id: applicationId! } }),
  );
}
