import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { formatMessage } from '@worq/domain/messages';
import type { Page } from 'playwright-core';
import { signInThroughApi, type TokenPair } from '../fixtures/accounts.ts';
import { createSubmittedSeller, expertCredentials, expertEnv } from '../fixtures/admin.ts';
import { apiAnswer, applicationAtStep2 as startAtStep2, callApi, customerIdOf } from '../fixtures/api.ts';
import type { Language, Theme } from '../fixtures/browser.ts';
import { checkScreen, freshSellerTokens, journeysIn, runJourney, type Journey as BaseJourney } from '../fixtures/journey.ts';
import { exactly, text as localeText } from '../fixtures/screens.ts';

// The WorqTrade application journeys of issue 5 in Chromium: from the empty applications list
// through the start page, the plan, a Trendyol sandbox store connected and linked to a company in
// the connect-store modal, the summary and the submission (the list then says Under Review); the
// contact form for sellers who cannot connect a store; the onboarding guard sending a wrong step's
// URL to the right one; the 'Continue with New Application' confirmation; leaving an application;
// and an expert's rejection shown to the seller with its reason (issue 6). Screens are checked by
// axe-core in both themes and photographed at 375 and 1280 px into e2e/artifacts/worq-trade/.

type Namespace = 'worq-trade' | 'connections' | 'tasks' | 'common';
const text = (language: Language, key: `${Namespace}:${string}`, values: Record<string, string | number> = {}) =>
  localeText(language, key, values);

const place = journeysIn('worq-trade', { env: { SANDBOX_DELAY_MS: '200', ...expertEnv } });

interface Journey extends BaseJourney {
  tokens: TokenPair;
  t: (key: `${Namespace}:${string}`, values?: Record<string, string | number>) => string;
}

/** A signed-in seller (a fresh one unless `tokens` are given) in a fresh context. */
async function journey(
  language: Language,
  theme: Theme,
  width: number,
  walk: (journey: Journey) => Promise<void>,
  tokens?: TokenPair,
): Promise<void> {
  const pair = tokens ?? (await freshSellerTokens(place.baseUrl, language));
  await runJourney<Journey>(
    place,
    { language, theme, width, tokens: pair },
    async (current) => {
      // The plan page's guided tour opens on a first visit; these journeys are about the other steps.
      await current.context.addInitScript(() => {
        try {
          localStorage.setItem('worq-trade.plan-tour-seen', '1');
        } catch {
          // about:blank has no storage
        }
      });
      await walk(current);
    },
    (base) => ({ ...base, tokens: pair, t: (key, values) => text(language, key, values) }),
  );
}

const api = <T>(tokens: TokenPair, method: 'GET' | 'POST', route: string, body?: unknown) =>
  callApi<T>(place.baseUrl, tokens, method, route, body);

interface ListedApplication {
  id: string;
  status: string;
  step: number;
  is_leaved: boolean;
  is_cancelled: boolean;
}

const applicationsOf = (tokens: TokenPair) =>
  api<ListedApplication[]>(tokens, 'GET', `/application/get_by_customer_id/${customerIdOf(tokens.jwt_token)}`);

/** An application at step 2 with a saved plan (four weeks from the first), made through the API. */
const applicationAtStep2 = (tokens: TokenPair) => startAtStep2(place.baseUrl, tokens, { duration_weeks: 4, payment_start_week: 1 });

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

const lastApplication = (journey: Journey) => journey.page.getByRole('region', { name: journey.t('worq-trade:applications.last_title') });
const progress = (journey: Journey) => journey.page.getByRole('list', { name: journey.t('worq-trade:progress.label') });

async function expectCurrentStep(journey: Journey, step: 1 | 2 | 3): Promise<void> {
  await progress(journey)
    .locator('li[aria-current="step"]')
    .filter({ hasText: journey.t(`worq-trade:progress.steps.${step}`) })
    .waitFor();
}

/* ---------- Journeys ---------- */

test('applies from the empty list to Under Review: start, plan, a Trendyol store and its company in the modal, summary, submission (Turkish, light)', () =>
  journey('tr', 'light', 1280, async (current) => {
    const { page, language, t } = current;
    await page.goto('/worq-trade');
    await page.getByRole('heading', { name: t('worq-trade:applications.empty_title') }).waitFor();
    await checkScreen(current, 'applications-empty');

    await page.getByRole('link', { name: t('worq-trade:applications.start'), exact: true }).click();
    await waitForPath(page, '/worq-trade/start');
    await page.getByRole('heading', { level: 1, name: t('worq-trade:start.heading') }).waitFor();
    await checkScreen(current, 'start');
    await page.getByRole('button', { name: t('worq-trade:start.submit'), exact: true }).click();

    // Step 1: the plan (built by its own screen; filled by its labels).
    await waitForPath(page, '/worq-trade/onboarding/revenue-sharing-plan');
    await expectCurrentStep(current, 1);
    await page.getByRole('textbox', { name: exactly(t('worq-trade:plan.form.turnover')) }).fill('500000');
    await page.getByRole('textbox', { name: exactly(t('worq-trade:plan.form.stock')) }).fill('400000');
    await page.getByRole('textbox', { name: exactly(t('worq-trade:plan.form.sales')) }).fill('600000');
    await page.getByRole('radio', { name: new RegExp(`^${t('worq-trade:plan.form.duration_option', { weeks: 6 })}`) }).check();
    await page
      .getByRole('radio', { name: t('worq-trade:plan.form.start_week_option', { number: 2, ordinal: '2nd' }), exact: true })
      .check();
    await page.getByRole('button', { name: t('worq-trade:plan.continue'), exact: true }).click();

    // Step 2: no store yet.
    await waitForPath(page, '/worq-trade/onboarding/connect-store');
    await expectCurrentStep(current, 2);
    await page.getByText(formatMessage(language, 'integration_not_found')).waitFor();
    await checkScreen(current, 'connect-store-empty');

    // A wrong step's URL goes back to the application's step.
    await page.goto('/worq-trade/onboarding/summary');
    await waitForPath(page, '/worq-trade/onboarding/connect-store');
    await expectCurrentStep(current, 2);
    // Moving on without a store is refused with the server's reason.
    await page.getByRole('button', { name: t('worq-trade:steps.continue'), exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: formatMessage(language, 'linked_store_required') })
      .waitFor();

    // The connections' connect-store modal, inside the step.
    await page.getByRole('button', { name: t('worq-trade:connect.add_store'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('connections:modal.title_connect') });
    await dialog.getByRole('button', { name: 'Trendyol', exact: true }).click();
    const storeName = 'Deniz Butik';
    await dialog.getByRole('textbox', { name: exactly(t('connections:form.store_name')) }).fill(storeName);
    await dialog.getByRole('textbox', { name: exactly(t('connections:form.fields.seller_id')) }).fill('880001');
    await dialog.getByLabel(exactly(t('connections:form.fields.api_key'))).fill('sandbox');
    await dialog.getByLabel(exactly(t('connections:form.fields.api_secret'))).fill('sandbox');
    await dialog.getByRole('button', { name: t('connections:form.submit'), exact: true }).click();
    await dialog
      .locator('li[aria-current="step"]')
      .filter({ hasText: t('connections:modal.steps.company') })
      .waitFor();
    await checkScreen(current, 'connect-store-modal-company');

    await dialog.getByRole('radio', { name: t('connections:company_form.types.3') }).check();
    const taxNumber = dialog.getByRole('textbox', { name: exactly(t('connections:company_form.tax_number')) });
    await taxNumber.fill('1234567890');
    const checked = apiAnswer(page, '/company/validate_vkn');
    await taxNumber.blur();
    await checked;
    await dialog.getByText(t('connections:company_form.checking')).waitFor({ state: 'hidden' });
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.official_full_name')) }).fill('Deniz Yılmaz');
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.trade_name')) }).fill('Deniz Ticaret Ltd. Şti.');
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.tax_office')) }).fill('Kadıköy');
    await dialog.getByRole('button', { name: t('connections:company_step.submit'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });

    // The list refreshes by itself: the store is ready.
    const storeList = page.getByRole('list', { name: t('worq-trade:connect.list_label') });
    const storeItem = storeList.getByRole('listitem').filter({ hasText: storeName });
    await storeItem.getByText(t('worq-trade:connect.state.ready'), { exact: true }).waitFor({ timeout: 15_000 });
    await checkScreen(current, 'connect-store-ready');
    await page.getByRole('button', { name: t('worq-trade:steps.continue'), exact: true }).click();

    // Step 3: the summary.
    await waitForPath(page, '/worq-trade/onboarding/summary');
    await expectCurrentStep(current, 3);
    await page.getByText('₺400.000,00').first().waitFor();
    await page.getByText('Deniz Ticaret Ltd. Şti.').waitFor();
    const schedule = page.getByRole('table');
    assert.equal(await schedule.getByRole('row').count(), 7, 'a header and six weekly installments');
    await checkScreen(current, 'summary');
    await page.getByRole('button', { name: t('worq-trade:summary.submit'), exact: true }).click();

    await waitForPath(page, '/worq-trade/application-success');
    await page.getByRole('heading', { level: 1, name: t('worq-trade:confirmation.application.title') }).waitFor();
    await checkScreen(current, 'application-success');
    await page.getByRole('link', { name: t('worq-trade:confirmation.to_applications'), exact: true }).click();
    await waitForPath(page, '/worq-trade');
    await lastApplication(current).getByText(t('worq-trade:status.in_progress'), { exact: true }).waitFor();
    await lastApplication(current).getByText('₺400.000,00').waitFor();
    await checkScreen(current, 'applications-under-review');

    const [submitted] = await applicationsOf(current.tokens);
    assert.equal(submitted?.status, 'in_progress', 'the application is under review');
  }));

test('a first visit of /worq-trade asks for the list, the navigation and the legal texts once each (English, light, 375 px)', () =>
  journey('en', 'light', 375, async (current) => {
    const { page, t } = current;
    const reads = new Map<string, number>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'GET' && path.startsWith('/api/v1/')) reads.set(path, (reads.get(path) ?? 0) + 1);
    });
    await page.goto('/worq-trade');
    await page.getByRole('heading', { name: t('worq-trade:applications.empty_title') }).waitFor();
    await page.getByRole('link', { name: t('worq-trade:applications.start'), exact: true }).waitFor();
    // The list is started by its route while the page's code downloads (app/router.tsx
    // readsOnFirstLoad) and taken by the page's hook instead of asked for again; the navigation
    // and the legal texts are asked for by the layout's hooks, each once.
    const customerId = customerIdOf(current.tokens.jwt_token);
    const firstReads = [
      `/api/v1/application/get_by_customer_id/${customerId}`,
      `/api/v1/work_context/get/${customerId}`,
      '/api/v1/customer/get_user_info',
    ];
    assert.deepEqual(
      firstReads.map((path) => [path, reads.get(path)]),
      firstReads.map((path) => [path, 1]),
    );
  }));

test('a seller who cannot connect a store sends the contact form and lands on its success page (English, dark, 375 px)', async () => {
  const tokens = await freshSellerTokens(place.baseUrl, 'en');
  await applicationAtStep2(tokens);
  await journey(
    'en',
    'dark',
    375,
    async (current) => {
      const { page, language, t } = current;
      await page.goto('/worq-trade/onboarding/connect-store');
      await expectCurrentStep(current, 2);
      await page.getByRole('link', { name: t('worq-trade:connect.cannot_connect'), exact: true }).click();
      await waitForPath(page, '/worq-trade/onboarding/contact');
      await page.getByRole('heading', { level: 1, name: t('worq-trade:contact.heading') }).waitFor();
      assert.equal(await progress(current).count(), 0, 'no progress indicator on the contact form');

      await page.getByRole('button', { name: t('worq-trade:contact.submit'), exact: true }).click();
      await page
        .getByText(formatMessage(language, 'required', { field: t('worq-trade:contact.fields.best_selling_store_name') }))
        .waitFor();
      assert.equal(
        await page.getByText(formatMessage(language, 'select_at_least_one')).count(),
        2,
        'a channel and a duration are required',
      );
      await checkScreen(current, 'contact-errors');

      await page.getByRole('checkbox', { name: t('worq-trade:contact.channels.marketplace') }).check();
      await page.getByRole('checkbox', { name: t('worq-trade:contact.channels.own_website') }).check();
      await page
        .getByRole('combobox', { name: exactly(t('worq-trade:contact.fields.monthly_revenue_band')) })
        .selectOption({ label: '1-2 million TL' });
      await page.getByRole('radio', { name: '1-5 years' }).check();
      await page.getByRole('textbox', { name: exactly(t('worq-trade:contact.fields.best_selling_store_name')) }).fill('Sunny Home');
      const city = page.getByRole('combobox', { name: exactly(t('worq-trade:contact.fields.headquarters_city')) });
      await city.locator('option', { hasText: 'İzmir' }).waitFor({ state: 'attached' });
      assert.equal(await city.locator('option').count(), 82, 'the 81 provinces after the prompt');
      await city.selectOption({ label: 'İzmir' });
      await page.getByRole('textbox', { name: new RegExp(`^${t('worq-trade:contact.fields.note')}`) }).fill('We sell on Instagram too.');
      await checkScreen(current, 'contact-filled');
      const sent = apiAnswer(page, '/application/form/upsert');
      await page.getByRole('button', { name: t('worq-trade:contact.submit'), exact: true }).click();
      assert.equal((await sent).status(), 200);
      await waitForPath(page, '/worq-trade/form-success');
      await page.getByRole('heading', { level: 1, name: t('worq-trade:confirmation.form.title') }).waitFor();
      await checkScreen(current, 'form-success');
    },
    tokens,
  );
});

test("starting again asks 'Continue with New Application', cancels the unfinished one, and leaving is confirmed (English, light)", async () => {
  const tokens = await freshSellerTokens(place.baseUrl, 'en');
  const firstId = await applicationAtStep2(tokens);
  await journey(
    'en',
    'light',
    1280,
    async (current) => {
      const { page, t } = current;
      await page.goto('/worq-trade');
      await lastApplication(current).getByText(t('worq-trade:status.active'), { exact: true }).waitFor();
      assert.equal(
        await lastApplication(current)
          .getByRole('link', { name: t('worq-trade:applications.continue'), exact: true })
          .getAttribute('href'),
        '/worq-trade/onboarding/connect-store',
      );
      await checkScreen(current, 'applications-unfinished');

      await page.goto('/worq-trade/start');
      await page.getByRole('button', { name: t('worq-trade:start.submit'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('worq-trade:new_application.title') });
      await dialog.waitFor();
      await checkScreen(current, 'new-application-confirmation');
      await dialog.getByRole('button', { name: t('worq-trade:new_application.confirm'), exact: true }).click();
      await waitForPath(page, '/worq-trade/onboarding/revenue-sharing-plan');
      await expectCurrentStep(current, 1);

      const applications = await applicationsOf(current.tokens);
      assert.equal(applications.find((application) => application.id === firstId)?.is_cancelled, true, 'the unfinished one is cancelled');
      assert.equal(
        applications.filter((application) => application.status === 'not_completed' && !application.is_cancelled && !application.is_leaved)
          .length,
        1,
      );

      // Leaving the new one, after confirmation.
      await page.getByRole('button', { name: t('worq-trade:leave.action'), exact: true }).click();
      const leave = page.getByRole('dialog', { name: t('worq-trade:leave.title') });
      await checkScreen(current, 'leave-confirmation');
      await leave.getByRole('button', { name: t('worq-trade:leave.confirm'), exact: true }).click();
      await waitForPath(page, '/worq-trade');
      await lastApplication(current).getByText(t('worq-trade:status.left'), { exact: true }).waitFor();
      await page
        .getByRole('region', { name: t('worq-trade:applications.past_title') })
        .getByText(t('worq-trade:status.cancelled'), { exact: true })
        .waitFor();
      await checkScreen(current, 'applications-left-and-cancelled');

      // Without an active application the onboarding sends the seller back to the list.
      await page.goto('/worq-trade/onboarding/summary');
      await waitForPath(page, '/worq-trade');
    },
    tokens,
  );
});

test("an expert's rejection shows on the list with its reason and what would qualify next time (Turkish, dark, 375 px)", async () => {
  const seller = await createSubmittedSeller(place.baseUrl, { language: 'tr', firstName: 'Ece', lastName: 'Aydın', sellerId: '880099' });
  const expert = await signInThroughApi(place.baseUrl, expertCredentials);
  const reason = 'Son üç ayın satışları stok tutarını karşılamıyor.';
  await api(expert, 'POST', `/admin/applications/${seller.applicationId}/decision`, { decision: 'rejected', reject_reason: reason });
  await journey(
    'tr',
    'dark',
    375,
    async (current) => {
      const { page, t } = current;
      await page.goto('/worq-trade');
      const last = lastApplication(current);
      await last.getByText(t('worq-trade:status.rejected'), { exact: true }).waitFor();
      await last.getByText(reason).waitFor();
      await last.getByText(t('worq-trade:rejection.checklist.stock')).waitFor();
      await checkScreen(current, 'applications-rejected');
      await last.getByRole('link', { name: t('worq-trade:rejection.start_new'), exact: true }).click();
      await waitForPath(page, '/worq-trade/start');
    },
    seller.tokens,
  );
});

test('the plan step: the guided tour on a first visit and again on request, the sample plan as a PDF, and Connections in the menu from step 2 (English, dark)', async () => {
  const tokens = await freshSellerTokens(place.baseUrl, 'en');
  await api(tokens, 'POST', '/application/start_application', {});
  // No tour-seen flag here: this seller opens the plan for the first time.
  await runJourney<Journey>(
    place,
    { language: 'en', theme: 'dark', width: 1280, tokens },
    async (current) => {
      const { page, t } = current;
      const menu = page.getByRole('navigation', { name: t('common:nav.main') });
      const connectionsLink = menu.getByRole('link', { name: t('common:nav.connections'), exact: true });

      await page.goto('/worq-trade/onboarding/revenue-sharing-plan');
      const tour = page.getByRole('dialog', { name: t('worq-trade:plan.tour.steps.turnover.title') });
      await tour.waitFor();
      assert.equal(await connectionsLink.count(), 0, 'no Connections in the menu before a store or step 2');
      await checkScreen(current, 'plan-tour');
      const titles = ['turnover', 'stock', 'sales', 'duration', 'figures'] as const;
      for (const [index, step] of titles.entries()) {
        const dialog = page.getByRole('dialog', { name: t(`worq-trade:plan.tour.steps.${step}.title`) });
        await dialog.getByText(t('worq-trade:plan.tour.step_of', { current: index + 1, total: 5 })).waitFor();
        const next = index === titles.length - 1 ? t('worq-trade:plan.tour.done') : t('worq-trade:plan.tour.next');
        await dialog.getByRole('button', { name: next, exact: true }).click();
      }
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Only the first visit opens it; "How it works" replays it, and Escape closes it.
      await page.reload();
      await page.getByRole('textbox', { name: exactly(t('worq-trade:plan.form.turnover')) }).waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0, 'the tour does not open on a second visit');
      await page.getByRole('button', { name: t('worq-trade:plan.how_it_works'), exact: true }).click();
      await tour.waitFor();
      await page.keyboard.press('Escape');
      await tour.waitFor({ state: 'detached' });

      await page.getByRole('textbox', { name: exactly(t('worq-trade:plan.form.turnover')) }).fill('250000');
      await page.getByRole('textbox', { name: exactly(t('worq-trade:plan.form.stock')) }).fill('200000');
      await page.getByRole('textbox', { name: exactly(t('worq-trade:plan.form.sales')) }).fill('300000');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t('worq-trade:plan.download'), exact: true }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'worqtrade-sample-plan.pdf');
      const file = await download.path();
      const bytes = await readFile(file);
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'the download is a PDF');
      assert.ok(bytes.length > 5_000, `a PDF with an embedded font, not an empty shell (${bytes.length} bytes)`);

      await page.getByRole('button', { name: t('worq-trade:plan.continue'), exact: true }).click();
      await waitForPath(page, '/worq-trade/onboarding/connect-store');
      await connectionsLink.waitFor();
    },
    (base) => ({ ...base, tokens, t: (key, values) => text('en', key, values) }),
  );
});
