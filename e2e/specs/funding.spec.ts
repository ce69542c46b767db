import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PerformanceView, PortfolioPage } from '@worq/domain/wire/funding';
import { signInThroughApi } from '../fixtures/accounts.ts';
import { createSubmittedSeller, expertCredentials, expertEnv, type SubmittedSeller } from '../fixtures/admin.ts';
import { callApi } from '../fixtures/api.ts';
import type { TokenPair } from '../fixtures/accounts.ts';
import { checkScreen, journeysIn, runJourney } from '../fixtures/journey.ts';
import { text } from '../fixtures/screens.ts';

// After funding (issue 36) against the product's sandbox: a seller whose sandbox Trendyol store
// stopped selling ten days ago (seller ids starting with 999, connectors/sandbox/orders.ts) is
// approved; the watch, on the order sync's schedule, raises "no orders" within a minute; the expert
// sees it first in the portfolio and with its evidence on the review, and the seller reads a
// friendly note on the approved application. Photos in e2e/artifacts/funding/.

let seller: SubmittedSeller;
let expert: TokenPair;
const place = journeysIn('funding', { env: { ...expertEnv, SANDBOX_DELAY_MS: '0' } }, async ({ baseUrl }) => {
  seller = await createSubmittedSeller(baseUrl, { language: 'en', firstName: 'Sena', lastName: 'Kaya', sellerId: '999301' });
  expert = await signInThroughApi(baseUrl, expertCredentials);
  // The store's first import must be done before approval: the forecast at approval reads it.
  await until('the first import to finish', async () => {
    const view = await callApi<PerformanceLike>(baseUrl, seller.tokens, 'GET', '/insight/overview');
    return view.sync.length > 0 && view.sync.every((store) => store.state === 'ok');
  });
  await callApi(baseUrl, expert, 'POST', `/admin/applications/${seller.applicationId}/decision`, { decision: 'approved' });
});

interface PerformanceLike {
  sync: { state: string }[];
}

/** Polls `check` once a second until it holds (the positive signal), for at most `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

test('the watch raises "no orders" for a funded seller whose sales stopped; the expert sees it, the seller gets a note', async () => {
  let page: PortfolioPage | undefined;
  await until('the warning in the portfolio', async () => {
    page = await callApi<PortfolioPage>(place.baseUrl, expert, 'GET', '/admin/portfolio?risk=no_orders');
    return page.rows.some((row) => row.application_id === seller.applicationId);
  });
  const row = page!.rows.find((candidate) => candidate.application_id === seller.applicationId)!;
  assert.ok(row.warnings.includes('no_orders'));
  assert.ok(row.days_since_last_order! >= 10, `the last order was ten days ago: ${row.days_since_last_order}`);

  const performance = await callApi<PerformanceView>(
    place.baseUrl,
    seller.tokens,
    'GET',
    `/application/${seller.applicationId}/performance`,
  );
  assert.deepEqual(
    performance.notes.map((note) => note.code),
    ['no_recent_orders'],
  );
  // Approved today: no week is over yet, so none is a zero.
  assert.equal(performance.status, 'not_enough_data');
  assert.equal(performance.weeks[0]!.sales, null);

  for (const [language, theme, width] of [
    ['tr', 'light', 1280],
    ['en', 'dark', 375],
  ] as const) {
    const t = (key: string, values: Record<string, string | number> = {}) => text(language, key, values);
    await runJourney(place, { language, theme, width, tokens: expert }, async (journey) => {
      const { page: screen } = journey;
      await screen.goto('/admin/portfolio');
      // A table on a desktop, one card per application on a phone: the one funded seller's row either way.
      const main = screen.getByRole('main');
      await main.getByText(seller.companyTitle).first().waitFor();
      await main.getByText(t('admin:funding.warning.no_orders'), { exact: true }).filter({ visible: true }).first().waitFor();
      // The badge in the navigation counts the open warning.
      await screen
        .getByText(t('admin:nav.open_warnings_one', { count: 1 }))
        .first()
        .waitFor({ state: 'attached' });
      await checkScreen(journey, `portfolio-${language}`);
      await main
        .getByRole('link', { name: new RegExp(`${seller.firstName} ${seller.lastName}`) })
        .first()
        .click();
      await screen.waitForURL((url) => url.pathname === `/admin/applications/${seller.applicationId}`);
      await screen.getByRole('heading', { name: t('admin:funding.title') }).waitFor();
      await screen
        .getByText(t('admin:funding.evidence.no_orders_other', { count: row.days_since_last_order!, date: '' }).split('(')[0]!.trim())
        .first()
        .waitFor();
      await checkScreen(journey, `review-warnings-${language}`);
    });
  }

  await runJourney(place, { language: 'en', theme: 'light', width: 1280, tokens: seller.tokens }, async (journey) => {
    const { page: screen } = journey;
    const t = (key: string, values: Record<string, string | number> = {}) => text('en', key, values);
    await screen.goto('/worq-trade');
    await screen.getByRole('heading', { name: t('worq-trade:performance.title') }).waitFor();
    await screen.getByText(t('worq-trade:performance.notes.no_recent_orders_other', { count: row.days_since_last_order! })).waitFor();
    await screen.getByRole('link', { name: t('worq-trade:performance.notes.support_link') }).waitFor();
    await checkScreen(journey, 'seller-note');
  });
});
