import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatMessage } from '@worq/domain/messages';
import type { Locator, Page } from 'playwright-core';
import type { TokenPair } from '../fixtures/accounts.ts';
import { apiAnswer, callApi, connectSandboxTrendyol, type ListedIntegration } from '../fixtures/api.ts';
import { screenshot, type Language, type Theme } from '../fixtures/browser.ts';
import { checkScreen, freshSellerTokens, journeysIn, runJourney, type Journey as BaseJourney } from '../fixtures/journey.ts';
import { escapeRegExp, exactly, text as localeText } from '../fixtures/screens.ts';

// The store-connection journeys of the seller portal in Chromium, against the product's own
// marketplace sandbox (secrets equal to `sandbox` are accepted; a small delay keeps the pending
// state visible): connect a Trendyol store through the connect-store modal and follow the
// background-task panel from pending to success, a bad API key refused with the marketplace's
// message, the company form with bad and good tax numbers (and a sole proprietorship's national ID
// and birth date), the list's filters, disabling and activating, removing, and the Amazon consent
// popup. Screens are checked by axe-core in both themes and photographed at 375 and 1280 px into
// e2e/artifacts/connections/.

type Namespace = 'connections' | 'tasks' | 'common' | 'feedback';
const text = (language: Language, key: `${Namespace}:${string}`, values: Record<string, string | number> = {}) =>
  localeText(language, key, values);

const place = journeysIn('connections', { env: { SANDBOX_DELAY_MS: '300' } });

interface Journey extends BaseJourney {
  tokens: TokenPair;
}

/** A fresh verified seller, signed in (tokens preset) in a fresh context. */
async function journey(language: Language, theme: Theme, width: number, walk: (journey: Journey) => Promise<void>): Promise<void> {
  const tokens = await freshSellerTokens(place.baseUrl, language);
  await runJourney(place, { language, theme, width, tokens }, walk, (base) => ({ ...base, tokens }));
}

const api = <T>(tokens: TokenPair, method: 'GET' | 'POST', route: string, body?: unknown) =>
  callApi<T>(place.baseUrl, tokens, method, route, body);

/** Connects sandbox Trendyol stores through the API and waits until the list shows them all. */
async function connectTrendyolStores(tokens: TokenPair, storeNames: string[]): Promise<void> {
  await connectSandboxTrendyol(
    place.baseUrl,
    tokens,
    storeNames.map((storeName, index) => ({ storeName, sellerId: String(700_100 + index) })),
  );
}

/* ---------- Screens ---------- */

const panelOf = (journey: Journey) => journey.page.getByRole('region', { name: text(journey.language, 'tasks:title') });

/** The panel's item of task `type` in `status`, whose message matches `message` when given. */
function panelItem(journey: Journey, type: string, status: 'pending' | 'success' | 'failed', message?: string): Locator {
  let item = panelOf(journey)
    .locator(`li[data-status="${status}"]`)
    .filter({ hasText: text(journey.language, `tasks:types.${type}`) });
  if (message) item = item.filter({ hasText: message });
  return item;
}

async function openConnections(journey: Journey): Promise<void> {
  const { page, language } = journey;
  await page.goto('/connections');
  await page.getByRole('heading', { level: 1, name: text(language, 'connections:heading'), exact: true }).waitFor();
}

/** Opens the connect-store modal and picks `marketplace`; returns the dialog. */
async function startConnecting(journey: Journey, marketplace: string, screens = false): Promise<Locator> {
  const { page, language } = journey;
  await page
    .getByRole('button', { name: text(language, 'connections:connect_store'), exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: text(language, 'connections:modal.title_connect') });
  await dialog.getByRole('heading', { name: text(language, 'connections:picker.legend') }).waitFor();
  if (screens) await checkScreen(journey, 'modal-select-marketplace');
  await dialog.getByRole('button', { name: marketplace, exact: true }).click();
  await dialog.getByRole('heading', { level: 3, name: marketplace, exact: true }).waitFor();
  return dialog;
}

async function fillTrendyol(dialog: Locator, language: Language, storeName: string, apiKey: string): Promise<void> {
  const label = (name: string) => text(language, `connections:form.fields.${name}`);
  await dialog.getByRole('textbox', { name: exactly(text(language, 'connections:form.store_name')) }).fill(storeName);
  await dialog.getByRole('textbox', { name: exactly(label('seller_id')) }).fill('123456');
  await dialog.getByLabel(exactly(label('api_key'))).fill(apiKey);
  await dialog.getByLabel(exactly(label('api_secret'))).fill('sandbox');
}

/** The row (table) of a store in the list. */
const storeRow = (page: Page, storeName: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: storeName, exact: true }) });

async function chooseRowAction(journey: Journey, storeName: string, action: 'update' | 'activate' | 'disable' | 'remove'): Promise<void> {
  const { page, language } = journey;
  await page.getByRole('button', { name: text(language, 'connections:row_actions', { store: storeName }), exact: true }).click();
  await page.getByRole('menuitem', { name: text(language, `connections:actions.${action}`), exact: true }).click();
}

async function chooseFilter(journey: Journey, filter: 'all' | 'active' | 'inactive'): Promise<Locator> {
  const { page, language } = journey;
  const tab = page.getByRole('tablist', { name: text(language, 'connections:filters.label') }).getByRole('tab', {
    name: new RegExp(`^${escapeRegExp(text(language, `connections:filters.${filter}`))}\\s*\\d+$`),
  });
  await tab.click();
  assert.equal(await tab.getAttribute('aria-selected'), 'true', `the ${filter} filter is selected`);
  return tab;
}

async function visibleStores(page: Page): Promise<string[]> {
  const table = page.getByRole('table');
  if ((await table.count()) === 0) return [];
  return (await table.getByRole('rowheader').allTextContents()).map((name) => name.trim()).sort();
}

/* ---------- Journeys ---------- */

test('connects a Trendyol sandbox store through the modal, the panel goes from pending to success, then the company with a bad and a good tax number (English, light)', () =>
  journey('en', 'light', 1280, async (current) => {
    const { page, language } = current;
    const t = (key: `${Namespace}:${string}`, values?: Record<string, string | number>) => text(language, key, values);
    await openConnections(current);
    await page.getByRole('heading', { name: t('connections:empty.title') }).waitFor();
    await checkScreen(current, 'connections-empty');

    const dialog = await startConnecting(current, 'Trendyol', true);
    // The how-to drawer lists Trendyol's steps.
    await dialog.getByRole('button', { name: t('connections:form.how_to') }).click();
    const drawer = page.getByRole('dialog', { name: t('connections:howto.title', { marketplace: 'Trendyol' }) });
    await drawer.getByText(t('connections:howto.trendyol.step_3')).waitFor();
    await checkScreen(current, 'howto-drawer-trendyol');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await dialog.waitFor({ state: 'visible' });

    // An empty submission is refused on the form, before any task.
    await dialog.getByRole('button', { name: t('connections:form.submit'), exact: true }).click();
    await dialog.getByText(formatMessage(language, 'required', { field: t('connections:form.fields.api_key') })).waitFor();

    const storeName = 'Kaya Ev Tekstili';
    await fillTrendyol(dialog, language, storeName, 'sandbox');
    await checkScreen(current, 'modal-trendyol-form');
    await dialog.getByRole('button', { name: t('connections:form.submit'), exact: true }).click();

    // Pending first (the sandbox answers after 300 ms), with the form saying it is checking.
    await panelItem(current, 'connect_integration', 'pending').waitFor({ timeout: 5_000 });
    await dialog
      .getByRole('status')
      .filter({ hasText: t('connections:form.verifying') })
      .waitFor();
    // A plain photo only: the panel folds away 5 s after the result, sooner than axe takes.
    await screenshot(page, 'modal-verifying-panel-pending', 'connections');
    const success = formatMessage(language, 'task_connect_success', { store: storeName });
    await panelItem(current, 'connect_integration', 'success', success).waitFor();
    assert.equal(await panelItem(current, 'connect_integration', 'pending').count(), 0, 'nothing left pending');
    await screenshot(page, 'modal-panel-success', 'connections');

    // Step 3: the company.
    await dialog
      .locator('li[aria-current="step"]')
      .filter({ hasText: t('connections:modal.steps.company') })
      .waitFor();
    await checkScreen(current, 'modal-company-step');
    await dialog.getByRole('radio', { name: t('connections:company_form.types.2') }).check();
    const taxNumber = dialog.getByRole('textbox', { name: exactly(t('connections:company_form.tax_number')) });
    await taxNumber.fill('1234567891');
    await taxNumber.blur();
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.official_full_name')) }).fill('Ayşe Kaya');
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.trade_name')) }).fill('Kaya Tekstil A.Ş.');
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.tax_office')) }).fill('Kadıköy');
    const badTax = formatMessage(language, 'invalid_tax_number');
    await dialog.getByText(badTax).waitFor();
    assert.equal(await taxNumber.getAttribute('aria-invalid'), 'true', 'the tax number is marked invalid');
    await dialog.getByRole('button', { name: t('connections:company_step.submit'), exact: true }).click();
    await dialog.getByText(badTax).waitFor();
    assert.equal(
      (await panelItem(current, 'connect_company', 'pending').count()) + (await panelItem(current, 'connect_company', 'success').count()),
      0,
      'no company task for a bad tax number',
    );
    await checkScreen(current, 'modal-company-bad-tax-number');

    await taxNumber.fill('1234567890');
    const taxNumberChecked = apiAnswer(page, '/company/validate_vkn');
    await taxNumber.blur();
    assert.equal((await taxNumberChecked).status(), 200);
    await dialog.getByText(t('connections:company_form.checking')).waitFor({ state: 'hidden' });
    await dialog.getByText(badTax).waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: t('connections:company_step.submit'), exact: true }).click();
    await panelItem(current, 'connect_company', 'success', formatMessage(language, 'task_company_success')).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The list shows the store, active, connected today.
    const row = storeRow(page, storeName);
    await row.waitFor();
    await row.getByText('Trendyol', { exact: true }).waitFor();
    await row.getByText(t('connections:status.active'), { exact: true }).waitFor();
    await checkScreen(current, 'connections-one-store');

    // The company is now set for good: updating the store shows it read-only at step 3.
    const companies = await api<{ companies: Array<{ company: { tax_number: string; type: number } }> }>(
      current.tokens,
      'GET',
      '/marketplace/integration/get_details_by_customer_id',
    );
    assert.deepEqual(
      companies.companies.map((group) => [group.company.tax_number, group.company.type]),
      [['1234567890', 2]],
      'the store is grouped under the new joint stock company',
    );
  }));

test("a bad API key fails with the marketplace's message; with the right one the store connects and a sole proprietorship needs a valid TCKN and a birth date (Turkish, dark)", () =>
  journey('tr', 'dark', 1280, async (current) => {
    const { page, language } = current;
    const t = (key: `${Namespace}:${string}`, values?: Record<string, string | number>) => text(language, key, values);
    await openConnections(current);
    const dialog = await startConnecting(current, 'Trendyol');
    const storeName = 'Şen Kırtasiye';
    await fillTrendyol(dialog, language, storeName, 'yanlis-anahtar');
    await dialog.getByRole('button', { name: t('connections:form.submit'), exact: true }).click();

    const refusal = formatMessage(language, 'marketplace_bad_credentials', { marketplace: 'Trendyol' });
    await panelItem(current, 'connect_integration', 'failed', refusal).waitFor();
    await dialog.getByText(refusal).waitFor();
    // The seller stays on the form to correct it.
    await dialog
      .locator('li[aria-current="step"]')
      .filter({ hasText: t('connections:modal.steps.integration') })
      .waitFor();
    await checkScreen(current, 'modal-bad-key');
    const listed = await api<ListedIntegration[]>(current.tokens, 'GET', '/marketplace/integration/list');
    assert.deepEqual(listed, [], 'no store is saved with a bad key');

    await dialog.getByLabel(exactly(t('connections:form.fields.api_key'))).fill('sandbox');
    await dialog.getByRole('button', { name: t('connections:form.submit'), exact: true }).click();
    await panelItem(
      current,
      'connect_integration',
      'success',
      formatMessage(language, 'task_connect_success', { store: storeName }),
    ).waitFor();
    await dialog
      .locator('li[aria-current="step"]')
      .filter({ hasText: t('connections:modal.steps.company') })
      .waitFor();

    // Sole proprietorship: national ID and birth date appear and are required.
    await dialog.getByRole('radio', { name: t('connections:company_form.types.1') }).check();
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.tax_number')) }).fill('1234567890');
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.official_full_name')) }).fill('Çağrı Şen');
    await dialog.getByRole('textbox', { name: exactly(t('connections:company_form.trade_name')) }).fill('Şen Kırtasiye');
    const nationalId = dialog.getByRole('textbox', { name: exactly(t('connections:company_form.national_id')) });
    await nationalId.fill('10000000147');
    // Leaving the field shows its error, which moves the submit button: leave first, then press it.
    await nationalId.blur();
    await dialog.getByText(formatMessage(language, 'invalid_national_id')).waitFor();
    await dialog.getByRole('button', { name: t('connections:company_step.submit'), exact: true }).click();
    await dialog.getByText(formatMessage(language, 'required', { field: t('connections:company_form.birth_date') })).waitFor();
    await checkScreen(current, 'modal-company-sole-proprietorship-errors');

    await nationalId.fill('10000000146');
    // Leaving the field asks the server; its 'checking' hint comes and goes under the field and
    // moves the submit button, so the button is pressed once the answer is in.
    const nationalIdChecked = apiAnswer(page, '/company/validate_tckn');
    await nationalId.blur();
    assert.equal((await nationalIdChecked).status(), 200);
    await dialog.getByText(text(language, 'connections:company_form.checking')).waitFor({ state: 'hidden' });
    const birthDate = dialog.getByRole('group', { name: new RegExp(`^${escapeRegExp(t('connections:company_form.birth_date'))}`) });
    const selects = birthDate.getByRole('combobox');
    await selects.nth(2).selectOption('1990');
    await selects.nth(1).selectOption('5');
    await selects.nth(0).selectOption('17');
    // The tax office is optional (§5): left empty, the company still links.
    await dialog.getByRole('button', { name: t('connections:company_step.submit'), exact: true }).click();
    const linked = panelItem(current, 'connect_company', 'success', formatMessage(language, 'task_company_success'));
    const refused = dialog.getByRole('alert');
    await linked.or(refused).first().waitFor();
    if (await refused.count()) {
      await checkScreen(current, 'modal-company-refused');
      assert.fail(`the company form was refused: ${(await refused.allTextContents()).join(' | ')}`);
    }
    await dialog.waitFor({ state: 'hidden' });
    await storeRow(page, storeName).waitFor();

    const details = await api<{ companies: Array<{ company: { type: number; national_id?: string | null; birth_date?: string | null } }> }>(
      current.tokens,
      'GET',
      '/marketplace/integration/get_details_by_customer_id',
    );
    assert.equal(details.companies[0]?.company.type, 1, 'a sole proprietorship was saved');
  }));

test('filters all / active / inactive, disables with confirmation and activates again, removes with confirmation (English, light)', () =>
  journey('en', 'light', 1280, async (current) => {
    const { page, language } = current;
    const t = (key: `${Namespace}:${string}`, values?: Record<string, string | number>) => text(language, key, values);
    const [first, second] = ['Bodrum Sabun', 'Ege Zeytin'] as const;
    await connectTrendyolStores(current.tokens, [first, second]);
    await openConnections(current);
    await storeRow(page, first).waitFor();
    assert.deepEqual(await visibleStores(page), [first, second]);
    await checkScreen(current, 'connections-two-stores');

    await chooseFilter(current, 'active');
    assert.deepEqual(await visibleStores(page), [first, second], 'both stores are active');
    await chooseFilter(current, 'inactive');
    await page.getByText(t('connections:empty.filtered'), { exact: true }).waitFor();
    await chooseFilter(current, 'all');

    // Disabling asks first; cancelling leaves the store as it was.
    await chooseRowAction(current, first, 'disable');
    const confirmDisable = page.getByRole('dialog', { name: t('connections:confirm.disable_title') });
    await confirmDisable.getByText(t('connections:confirm.disable_text', { store: first })).waitFor();
    await checkScreen(current, 'confirm-disable');
    await confirmDisable.getByRole('button', { name: t('connections:confirm.cancel'), exact: true }).click();
    await confirmDisable.waitFor({ state: 'hidden' });
    await storeRow(page, first).getByText(t('connections:status.active'), { exact: true }).waitFor();

    await chooseRowAction(current, first, 'disable');
    await confirmDisable.getByRole('button', { name: t('connections:confirm.disable_submit'), exact: true }).click();
    await panelItem(
      current,
      'change_integration_status',
      'success',
      formatMessage(language, 'task_disable_success', { store: first }),
    ).waitFor();
    await confirmDisable.waitFor({ state: 'hidden' });
    await storeRow(page, first).getByText(t('connections:status.disabled'), { exact: true }).waitFor();

    await chooseFilter(current, 'inactive');
    assert.deepEqual(await visibleStores(page), [first], 'only the disabled store is inactive');
    await chooseFilter(current, 'active');
    assert.deepEqual(await visibleStores(page), [second], 'only the other store is active');
    await chooseFilter(current, 'all');
    await checkScreen(current, 'connections-one-disabled');

    // Activating needs no confirmation.
    await chooseRowAction(current, first, 'activate');
    await panelItem(
      current,
      'change_integration_status',
      'success',
      formatMessage(language, 'task_activate_success', { store: first }),
    ).waitFor();
    await storeRow(page, first).getByText(t('connections:status.active'), { exact: true }).waitFor();

    // Removing asks first.
    await chooseRowAction(current, second, 'remove');
    const confirmRemove = page.getByRole('dialog', { name: t('connections:confirm.remove_title') });
    await confirmRemove.getByText(t('connections:confirm.remove_text', { store: second })).waitFor();
    await checkScreen(current, 'confirm-remove');
    await confirmRemove.getByRole('button', { name: t('connections:confirm.remove_submit'), exact: true }).click();
    await panelItem(current, 'delete_integration', 'success', formatMessage(language, 'task_delete_success', { store: second })).waitFor();
    await storeRow(page, second).waitFor({ state: 'detached' });
    assert.deepEqual(await visibleStores(page), [first]);
    const listed = await api<ListedIntegration[]>(current.tokens, 'GET', '/marketplace/integration/list');
    assert.deepEqual(
      listed.map((integration) => integration.store_name),
      [first],
      'the removed store is gone on the server too',
    );
  }));

test('connects Amazon through the sandbox consent popup: Authorize returns to /amazon-callback, which answers the opener and closes (English, dark)', () =>
  journey('en', 'dark', 1280, async (current) => {
    const { page, language, context } = current;
    const t = (key: `${Namespace}:${string}`, values?: Record<string, string | number>) => text(language, key, values);
    await openConnections(current);
    const dialog = await startConnecting(current, 'Amazon');
    const storeName = 'Anadolu Kahve';
    await dialog.getByRole('textbox', { name: exactly(t('connections:form.store_name')) }).fill(storeName);
    await dialog.getByRole('radio', { name: t('connections:amazon.regions.EU') }).check();
    await checkScreen(current, 'modal-amazon-form');

    const popupOpened = context.waitForEvent('page');
    await dialog.getByRole('button', { name: t('connections:amazon.authorize'), exact: true }).click();
    const popup = await popupOpened;
    await popup.waitForURL((url) => url.pathname === '/sandbox/amazon/apps/authorize/consent');
    const consent = new URL(popup.url());
    assert.ok(consent.searchParams.get('state'), 'the consent page carries the state');
    assert.equal(new URL(consent.searchParams.get('redirect_uri') ?? '').pathname, '/amazon-callback');
    await popup.getByRole('heading', { name: /authorize WorqTrade/ }).waitFor();
    await screenshot(popup, 'amazon-sandbox-consent', 'connections');
    await dialog.getByText(t('connections:amazon.waiting')).waitFor();

    const popupClosed = popup.waitForEvent('close', { timeout: 15_000 });
    const callbackSeen = popup.waitForURL((url) => url.pathname === '/amazon-callback', { waitUntil: 'commit' }).catch(() => undefined);
    await popup.getByRole('link', { name: /Authorize/ }).click();
    await callbackSeen;
    await popupClosed;

    const success = formatMessage(language, 'task_connect_success', { store: storeName });
    await panelItem(current, 'connect_integration', 'success', success).waitFor();
    await dialog
      .locator('li[aria-current="step"]')
      .filter({ hasText: t('connections:modal.steps.company') })
      .waitFor();
    await dialog.getByRole('button', { name: t('connections:modal.later'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = storeRow(page, storeName);
    await row.waitFor();
    await row.getByText('Amazon', { exact: true }).waitFor();
    await row.getByText(t('connections:status.active'), { exact: true }).waitFor();
    await checkScreen(current, 'connections-amazon-store');
  }));

test('the /amazon-callback page opened on its own explains that it only works in the authorization window (Turkish, light)', () =>
  journey('tr', 'light', 375, async (current) => {
    const { page, language } = current;
    await page.goto('/amazon-callback?spapi_oauth_code=sandbox&state=abc&selling_partner_id=A2WORQSANDBOX1');
    await page
      .getByRole('alert')
      .filter({ hasText: text(language, 'connections:callback.no_opener') })
      .waitFor();
    await checkScreen(current, 'amazon-callback-no-opener');
  }));

test('the list and the connect-store modal work on a 375 px phone, as cards without sideways scrolling (Turkish, light)', () =>
  journey('tr', 'light', 375, async (current) => {
    const { page, language } = current;
    const storeName = 'Karadeniz Çay';
    await connectTrendyolStores(current.tokens, [storeName]);
    await openConnections(current);
    const cards = page.getByRole('list', { name: text(language, 'connections:table.caption') });
    await cards.getByText(storeName, { exact: true }).waitFor();
    await checkScreen(current, 'connections-phone-cards');
    await page.getByRole('button', { name: text(language, 'connections:row_actions', { store: storeName }), exact: true }).click();
    await page.getByRole('menuitem', { name: text(language, 'connections:actions.disable'), exact: true }).waitFor();
    await checkScreen(current, 'connections-phone-row-menu');
    await page.keyboard.press('Escape');
    const dialog = await startConnecting(current, 'Trendyol');
    await dialog.getByRole('button', { name: text(language, 'connections:form.submit'), exact: true }).waitFor();
    await checkScreen(current, 'modal-phone-trendyol-form');
  }));

for (const [language, theme] of [
  ['en', 'light'],
  ['tr', 'dark'],
] as const) {
  test(`closing the connect-store window with a typed store name asks first; "keep editing" keeps it, "yes, close" closes (${language}, ${theme})`, () =>
    journey(language, theme, 1280, async (current) => {
      const { page } = current;
      await openConnections(current);
      const dialog = await startConnecting(current, 'Trendyol');
      // Typed key by key, as a person does, then Escape.
      await dialog
        .getByRole('textbox', { name: exactly(text(language, 'connections:form.store_name')) })
        .pressSequentially('Deniz Butik', { delay: 20 });
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: text(language, 'feedback:close_warning.title') });
      await ask.waitFor();
      await checkScreen(current, `close-warning-${language}`);
      await ask.getByRole('button', { name: text(language, 'feedback:close_warning.keep'), exact: true }).click();
      await ask.waitFor({ state: 'hidden' });
      assert.equal(
        await dialog.getByRole('textbox', { name: exactly(text(language, 'connections:form.store_name')) }).inputValue(),
        'Deniz Butik',
      );
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: text(language, 'feedback:close_warning.close'), exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    }));
}
