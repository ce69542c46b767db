import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signInThroughApi } from '../fixtures/accounts.ts';
import { createSubmittedSeller, expertCredentials, expertEnv, type SubmittedSeller } from '../fixtures/admin.ts';
import { callApi } from '../fixtures/api.ts';
import { checkScreen, journeysIn, runJourney, type Journey, type JourneyOptions } from '../fixtures/journey.ts';
import { readOutbox, waitForOutboxMessage } from '../fixtures/outbox.ts';
import { text } from '../fixtures/screens.ts';

// After approval (issue 16) in Chromium: an approved seller reads their repayment schedule on
// /worq-trade (Turkish and English), an expert records a collection in the back-office and the
// seller is told by e-mail and SMS in their language, and a seller's support request (no chat is
// configured, so "contact us" opens the built-in form) reaches the back-office list. Every screen
// is checked by axe-core in both themes and photographed at 375 and 1280 px into
// e2e/artifacts/repayments/.

interface Repayments {
  total_payment_amount: number;
  remaining_amount: number;
  installments: { number: number; due_date: string; amount: number; status: string }[];
}

let sellerA: SubmittedSeller;
let sellerB: SubmittedSeller;
const supportMessage = 'Şirketimizin unvanı değişti; bilgilerini güncellemek istiyoruz.';

const place = journeysIn('repayments', { env: { ...expertEnv } }, async ({ baseUrl }) => {
  sellerA = await createSubmittedSeller(baseUrl, { language: 'tr', firstName: 'Selin', lastName: 'Aydın', sellerId: '710301' });
  sellerB = await createSubmittedSeller(baseUrl, { language: 'en', firstName: 'Oliver', lastName: 'Grant', sellerId: '710302' });
  const expert = await signInThroughApi(baseUrl, expertCredentials);
  for (const seller of [sellerA, sellerB]) {
    await callApi(baseUrl, expert, 'POST', `/admin/applications/${seller.applicationId}/decision`, { decision: 'approved' });
  }
});

const journey = (options: JourneyOptions, walk: (journey: Journey) => Promise<void>) => runJourney(place, options, walk);
const t = (journey: Journey, key: string, values: Record<string, string | number> = {}) => text(journey.language, key, values);
const isPath = (path: string) => (url: URL) => url.pathname === path;

/** Amounts are written the Turkish way in both languages, on the screens and in e-mails and SMS. */
const lira = (kurus: number) =>
  new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY', currencyDisplay: 'narrowSymbol' }).format(kurus / 100);
const day = (iso: string, language: 'tr' | 'en') => {
  const [year, month, date] = iso.split('-');
  return language === 'en' ? `${date}/${month}/${year}` : `${date}.${month}.${year}`;
};

test('an approved seller reads the repayment schedule: due dates, amounts, the next one highlighted', async () => {
  const schedule = await callApi<Repayments>(place.baseUrl, sellerA.tokens, 'GET', `/application/${sellerA.applicationId}/repayments`);
  assert.equal(schedule.installments.length, 6, 'six weekly installments');
  await journey({ language: 'tr', theme: 'light', tokens: sellerA.tokens }, async (current) => {
    const { page } = current;
    await page.goto('/worq-trade');
    const region = page.getByRole('region', { name: t(current, 'worq-trade:repayments.title') });
    await region.waitFor();
    const first = schedule.installments[0]!;
    await region.getByText(day(first.due_date, 'tr')).first().waitFor();
    await region.getByText(lira(schedule.remaining_amount)).first().waitFor();
    const next = region.locator('tr[aria-current="step"]');
    assert.equal(await next.count(), 1, 'one installment is highlighted as the next');
    assert.ok((await next.textContent())?.includes(day(first.due_date, 'tr')), 'the first installment is the next one');
    await region.getByRole('button', { name: t(current, 'worq-trade:repayments.print') }).waitFor();
    await checkScreen(current, 'seller-schedule');
  });
});

test('an expert records a collection; it pays the oldest installment and the seller hears of it in their language', async () => {
  const expert = await signInThroughApi(place.baseUrl, expertCredentials);
  const before = await callApi<Repayments>(place.baseUrl, sellerB.tokens, 'GET', `/application/${sellerB.applicationId}/repayments`);
  const first = before.installments[0]!;
  const amount = first.amount + 100_00;
  await journey({ language: 'tr', theme: 'light', tokens: expert }, async (current) => {
    const { page } = current;
    await page.goto(`/admin/applications/${sellerB.applicationId}`);
    const panel = page.getByRole('region', { name: t(current, 'admin:payments.title') });
    await panel.waitFor();
    await checkScreen(current, 'admin-repayments');
    // Typed the Turkish way: 1.234,56.
    await panel.getByRole('textbox', { name: t(current, 'admin:payments.amount') }).fill(lira(amount).replace('₺', ''));
    await panel.getByRole('button', { name: t(current, 'admin:payments.record') }).click();
    await page.getByText(t(current, 'admin:payments.recorded_toast', { amount: lira(amount) })).waitFor();
    await page.getByText(t(current, 'admin:actions.payment_recorded')).waitFor();
    await panel.getByText(lira(amount)).first().waitFor();
    await checkScreen(current, 'admin-payment-recorded');
  });

  const after = await callApi<Repayments>(place.baseUrl, sellerB.tokens, 'GET', `/application/${sellerB.applicationId}/repayments`);
  assert.equal(after.installments[0]!.status, 'paid');
  assert.equal(after.remaining_amount, before.remaining_amount - amount);
  const mail = await waitForOutboxMessage(
    place.baseUrl,
    sellerB.email,
    (m) => m.channel === 'email' && m.subject === 'Your payment has been recorded',
  );
  assert.ok(mail.body.includes(lira(after.remaining_amount)), 'the English e-mail says what is left, the Turkish way as the screens do');
  await waitForOutboxMessage(place.baseUrl, sellerB.phone, (m) => m.channel === 'sms' && m.body.includes('your WorqTrade payment of'));
  const turkish = (await readOutbox(place.baseUrl, sellerB.email)).filter((m) => m.subject === 'Ödemeniz kaydedildi');
  assert.deepEqual(turkish, [], 'the English seller gets no Turkish message');

  await journey({ language: 'en', theme: 'dark', tokens: sellerB.tokens }, async (current) => {
    const { page } = current;
    await page.goto('/worq-trade');
    const region = page.getByRole('region', { name: t(current, 'worq-trade:repayments.title') });
    await region.getByText(day(after.installments[1]!.due_date, 'en')).first().waitFor();
    await region.getByText(t(current, 'worq-trade:repayments.status.paid')).first().waitFor();
    await region.getByText(lira(after.remaining_amount)).first().waitFor();
    await checkScreen(current, 'seller-schedule-paid');
  });
});

test('with no chat configured, contact us opens the support form; the request reaches the back-office', async () => {
  await journey({ language: 'tr', theme: 'light', tokens: sellerA.tokens }, async (current) => {
    const { page } = current;
    await page.goto('/worq-trade');
    await page.getByRole('link', { name: t(current, 'common:nav.contact_us'), exact: true }).click();
    await page.waitForURL(isPath('/support'));
    await page.getByRole('heading', { level: 1, name: t(current, 'support:heading') }).waitFor();
    await page.getByRole('button', { name: t(current, 'support:submit') }).click();
    await page.getByText(t(current, 'support:errors.topic')).waitFor();
    await checkScreen(current, 'support-form-errors');
    await page.getByRole('combobox', { name: t(current, 'support:fields.topic') }).selectOption('company_change');
    await page.getByRole('textbox', { name: t(current, 'support:fields.message') }).fill(supportMessage);
    await page.getByRole('radio', { name: t(current, 'support:preferences.phone') }).check();
    await page.getByRole('button', { name: t(current, 'support:submit') }).click();
    await page.getByRole('heading', { name: t(current, 'support:sent.title') }).waitFor();
    await checkScreen(current, 'support-sent');
  });

  await journey({ language: 'en', theme: 'dark', tokens: sellerB.tokens }, async (current) => {
    const { page } = current;
    // The company step's "only through support" link arrives with the topic chosen.
    await page.goto('/support?topic=company_change');
    const topic = page.getByRole('combobox', { name: t(current, 'support:fields.topic') });
    await topic.waitFor();
    assert.equal(await topic.inputValue(), 'company_change');
    await checkScreen(current, 'support-form');
  });

  const expert = await signInThroughApi(place.baseUrl, expertCredentials);
  await journey({ language: 'en', theme: 'dark', tokens: expert }, async (current) => {
    const { page } = current;
    await page.goto('/admin');
    await page.getByRole('link', { name: t(current, 'admin:nav.support_requests') }).click();
    await page.waitForURL(isPath('/admin/support-requests'));
    const card = page.getByRole('article', { name: 'Selin Aydın' });
    await card.getByText(supportMessage).waitFor();
    await card.getByText(t(current, 'admin:support_requests.topics.company_change')).waitFor();
    await checkScreen(current, 'admin-support-requests');
    await card.getByRole('button', { name: t(current, 'admin:support_requests.mark_handled') }).click();
    await page.getByText(t(current, 'admin:support_requests.empty')).waitFor();
    await page.getByRole('button', { name: t(current, 'admin:support_requests.filters.true'), exact: true }).click();
    await page.getByRole('article', { name: 'Selin Aydın' }).waitFor();
  });
});
