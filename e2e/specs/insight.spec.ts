import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { signInThroughApi } from '../fixtures/accounts.ts';
import { createSubmittedSeller, expertCredentials, expertEnv, type SubmittedSeller } from '../fixtures/admin.ts';
import { callApi } from '../fixtures/api.ts';
import type { Language, Theme } from '../fixtures/browser.ts';
import { checkScreen, freshSellerTokens, journeysIn, runJourney, type Journey } from '../fixtures/journey.ts';
import { exactly, text } from '../fixtures/screens.ts';

// WorqInsight (issue 12) in Chromium against the product's marketplace sandbox: a new seller opens
// WorqInsight, pastes a Trendyol store address, connects the recognised store through the
// pre-filled connect flow, watches the import fill the dashboard, reads the figures and tips,
// downloads the daily CSV and opens WorqTrade's plan with the suggested turnover; an expert sees
// the submitted store's performance next to the plan. Screens are checked by axe-core in both
// themes and photographed at 375 and 1280 px into e2e/artifacts/insight/.

let submitted: SubmittedSeller;
const place = journeysIn('insight', { env: { ...expertEnv, SANDBOX_DELAY_MS: '0' } }, async ({ baseUrl }) => {
  submitted = await createSubmittedSeller(baseUrl, { language: 'tr', firstName: 'Deniz', lastName: 'Arslan', sellerId: '720401' });
});

const t = (journey: Journey, key: string, values: Record<string, string | number> = {}) => text(journey.language, key, values);

async function sellerJourney(language: Language, theme: Theme, width: number, sellerId: string): Promise<void> {
  const tokens = await freshSellerTokens(place.baseUrl, language);
  await runJourney(place, { language, theme, width, tokens }, async (journey) => {
    const { page } = journey;
    await page.goto('/worq-insight');
    await page.getByRole('heading', { level: 2, name: t(journey, 'insight:states.empty_title') }).waitFor();
    await checkScreen(journey, 'empty');

    await page.getByRole('link', { name: t(journey, 'insight:states.empty_action') }).click();
    const address = page.getByRole('textbox', { name: exactly(t(journey, 'insight:onboarding.address_label')) });
    await address.fill('https://www.trendyol.com/sr?q=kazak');
    await page.getByRole('button', { name: t(journey, 'insight:onboarding.continue') }).click();
    await page
      .getByText(/Trendyol|tanıyamadık|recognise/)
      .first()
      .waitFor();
    await checkScreen(journey, 'address-unrecognised');
    await address.fill(`https://www.trendyol.com/magaza/deniz-butik-m-${sellerId}`);
    await page.getByRole('button', { name: t(journey, 'insight:onboarding.continue') }).click();
    await page.waitForURL((url) => url.pathname === '/worq-insight/onboarding/integration');

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { level: 3, name: 'Trendyol', exact: true }).waitFor();
    const field = (name: string) => dialog.getByLabel(exactly(t(journey, `connections:form.fields.${name}`)));
    assert.equal(await field('seller_id').inputValue(), sellerId, 'the seller id comes from the address');
    assert.equal(
      await dialog.getByRole('textbox', { name: exactly(t(journey, 'connections:form.store_name')) }).inputValue(),
      'Deniz Butik',
    );
    await checkScreen(journey, 'integration');
    await field('api_key').fill('sandbox');
    await field('api_secret').fill('sandbox');
    await dialog.getByRole('button', { name: t(journey, 'connections:form.submit'), exact: true }).click();
    // The company can wait: "Later" closes the flow and the dashboard shows the import.
    await dialog.getByRole('button', { name: t(journey, 'connections:modal.later') }).click();
    await page.waitForURL((url) => url.pathname === '/worq-insight');

    const revenue = page.locator('[data-kpi="revenue"]');
    await revenue.waitFor();
    await page.getByRole('cell', { name: new RegExp(t(journey, 'insight:sync.states.ok')) }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => !/₺0$/.test(document.querySelector('[data-kpi="revenue"] span:nth-child(2)')?.textContent?.trim() ?? '₺0'),
    );
    const shown = (await revenue.textContent()) ?? '';
    // Amounts are written the Turkish way in both languages (₺1.234.567).
    assert.match(shown, /₺\d{1,3}(\.\d{3})+(?!,\d)/, `revenue in the Turkish format: ${shown}`);
    await page.getByRole('heading', { level: 2, name: t(journey, 'insight:tips.title') }).waitFor();
    await page.getByRole('heading', { level: 2, name: t(journey, 'insight:products.title') }).waitFor();
    await checkScreen(journey, 'dashboard');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t(journey, 'insight:csv.download') }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, first] = csv.replace(/^\uFEFF/, '').split('\r\n');
    assert.equal(
      header,
      [t(journey, 'insight:csv.date'), t(journey, 'insight:csv.revenue'), t(journey, 'insight:csv.orders')].join(
        language === 'tr' ? ';' : ',',
      ),
    );
    assert.match(first ?? '', language === 'tr' ? /^\d{2}\.\d{2}\.\d{4};\d+,\d{2};\d+$/ : /^\d{2}\/\d{2}\/\d{4},\d+\.\d{2},\d+$/);

    // WorqTrade starts from the real sales: the plan offers the synced average and a tip's link applies it.
    const suggestion = await callApi<{ average_monthly_turnover: number | null }>(place.baseUrl, tokens, 'GET', '/gpp/suggestion');
    assert.ok(suggestion.average_monthly_turnover && suggestion.average_monthly_turnover > 0, 'synced orders give a suggested turnover');
    await callApi(place.baseUrl, tokens, 'POST', '/application/start_application', {});
    await page.goto('/worq-trade/onboarding/revenue-sharing-plan?use_suggestion=1');
    await page.getByRole('note').waitFor();
    const turnover = page.getByLabel(exactly(t(journey, 'worq-trade:plan.form.turnover')));
    await page.waitForFunction(
      (expected) =>
        (document.querySelector<HTMLInputElement>('input[name="averageMonthlyTurnover"]')?.value ?? '').replace(/\D/g, '') === expected,
      String(suggestion.average_monthly_turnover),
    );
    assert.ok((await turnover.inputValue()).length > 0);
    await checkScreen(journey, 'plan-suggestion');
  });
}

test('a new seller pastes a Trendyol store address, connects it and reads the imported figures, tips and CSV, then plans from the suggested turnover (tr, light, 1280 px)', () =>
  sellerJourney('tr', 'light', 1280, '720411'));

test('the same in English on a phone, dark theme (375 px)', () => sellerJourney('en', 'dark', 375, '720412'));

test("an expert sees the submitted store's sales of the last 12 months next to the plan", async () => {
  const expert = await signInThroughApi(place.baseUrl, expertCredentials);
  // The store connected while the seller applied: its orders are imported in the background.
  for (let tries = 0; tries < 120; tries++) {
    const detail = await callApi<{ store_performance: { last_synced_at: string | null } }>(
      place.baseUrl,
      expert,
      'GET',
      `/admin/applications/${submitted.applicationId}`,
    );
    if (detail.store_performance.last_synced_at) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await runJourney(place, { language: 'tr', theme: 'light', width: 1280, tokens: expert }, async (journey) => {
    const { page } = journey;
    await page.goto(`/admin/applications/${submitted.applicationId}`);
    await page.getByRole('heading', { name: t(journey, 'admin:review.performance.title') }).waitFor();
    const table = page.getByRole('table', { name: t(journey, 'admin:review.performance.monthly') });
    assert.equal(await table.getByRole('row').count(), 13);
    await checkScreen(journey, 'expert-store-performance');
  });
});
