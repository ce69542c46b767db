import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signInThroughApi } from '../fixtures/accounts.ts';
import { createContactFormSeller, createSubmittedSeller, expertCredentials, expertEnv, type SubmittedSeller } from '../fixtures/admin.ts';
import { checkScreen, journeysIn, runJourney, type Journey, type JourneyOptions } from '../fixtures/journey.ts';
import { readOutbox, waitForOutboxMessage } from '../fixtures/outbox.ts';
import { exactly, text } from '../fixtures/screens.ts';

// The experts' back-office (issue 6) in Chromium: the expert signs in at /admin/login, rejects one
// seller's application with a reason and approves another's; each seller gets an e-mail and an SMS
// in their own language, and the rejected seller reads the reason on /worq-trade. Sellers are kept
// out of /admin and experts out of the seller screens. Every back-office screen is checked by
// axe-core in both themes and photographed at 375 and 1280 px into e2e/artifacts/admin/.

let sellerA: SubmittedSeller;
let sellerB: SubmittedSeller;
const rejectReason = 'Vergi levhası okunmuyor; lütfen güncel belgeyle yeniden başvurun.';

const place = journeysIn('admin', { env: { ...expertEnv } }, async ({ baseUrl }) => {
  sellerA = await createSubmittedSeller(baseUrl, { language: 'tr', firstName: 'Ayla', lastName: 'Demir', sellerId: '700201' });
  sellerB = await createSubmittedSeller(baseUrl, { language: 'en', firstName: 'Brian', lastName: 'Walker', sellerId: '700202' });
  await createContactFormSeller(baseUrl, { language: 'tr', firstName: 'Cem', lastName: 'Kaya' });
});

const journey = (options: JourneyOptions, walk: (journey: Journey) => Promise<void>) => runJourney(place, options, walk);

const t = (journey: Journey, key: string, values: Record<string, string | number> = {}) => text(journey.language, key, values);
const isPath = (path: string) => (url: URL) => url.pathname === path;

async function openApplication(journey: Journey, seller: SubmittedSeller): Promise<void> {
  const { page } = journey;
  const name = `${seller.firstName} ${seller.lastName}`;
  await page.getByRole('link', { name: t(journey, 'admin:queue.open', { name }) }).click();
  await page.waitForURL(isPath(`/admin/applications/${seller.applicationId}`));
  await page.getByRole('heading', { level: 1, name: t(journey, 'admin:review.title', { name }) }).waitFor();
}

test('an expert rejects one application with a reason and approves another; each seller hears of it by e-mail and SMS in their own language', () =>
  journey({ language: 'tr', theme: 'light' }, async (current) => {
    const { page } = current;
    // Anonymous at /admin: the back-office's own sign-in.
    await page.goto('/admin');
    await page.waitForURL(isPath('/admin/login'));
    await page.getByRole('heading', { level: 1, name: t(current, 'admin:login.title') }).waitFor();
    await checkScreen(current, 'login');

    await page.getByLabel(exactly(t(current, 'auth:fields.email'))).fill(expertCredentials.email);
    await page.getByLabel(exactly(t(current, 'auth:fields.password'))).fill(expertCredentials.password);
    await page.getByRole('button', { name: t(current, 'admin:login.submit'), exact: true }).click();
    await page.waitForURL(isPath('/admin'));
    await page.getByRole('heading', { level: 1, name: t(current, 'admin:queue.title') }).waitFor();
    await page.getByRole('link', { name: t(current, 'admin:queue.open', { name: 'Ayla Demir' }) }).waitFor();
    await page.getByRole('link', { name: t(current, 'admin:queue.open', { name: 'Brian Walker' }) }).waitFor();
    assert.equal(
      await page.getByRole('button', { name: t(current, 'admin:status.in_progress'), exact: true }).getAttribute('aria-pressed'),
      'true',
      'the queue opens on the applications under review',
    );
    await checkScreen(current, 'queue');

    // Reject seller A, with a reason the form insists on.
    await openApplication(current, sellerA);
    await page.getByText(sellerA.companyTitle).first().waitFor();
    await page.getByText(sellerA.storeName, { exact: true }).waitFor();
    await checkScreen(current, 'application');
    await page.getByRole('button', { name: t(current, 'admin:decision.reject'), exact: true }).click();
    await page.getByRole('button', { name: t(current, 'admin:decision.reject_confirm'), exact: true }).click();
    await page.getByText(t(current, 'admin:decision.reason_required')).waitFor();
    await page.getByLabel(t(current, 'admin:decision.reason_label')).fill(rejectReason);
    await checkScreen(current, 'reject-form');
    await page.getByRole('button', { name: t(current, 'admin:decision.reject_confirm'), exact: true }).click();
    const panel = page.getByRole('region', { name: t(current, 'admin:decision.title') });
    await panel.getByText(rejectReason).waitFor();
    await panel.getByText('WorqTrade Expert').waitFor();
    assert.equal(
      await page.getByRole('button', { name: t(current, 'admin:decision.approve'), exact: true }).count(),
      0,
      'no decision buttons once decided',
    );
    await page.getByText(t(current, 'admin:actions.rejected')).waitFor();
    await checkScreen(current, 'application-rejected');

    // A second decision is refused by the server too.
    const expertTokens = await signInThroughApi(place.baseUrl, expertCredentials);
    const again = await fetch(`${place.baseUrl}/api/v1/admin/applications/${sellerA.applicationId}/decision`, {
      method: 'POST',
      headers: { authorization: `Bearer ${expertTokens.jwt_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approved' }),
    });
    assert.equal(again.status, 409, 'a decided application cannot be decided again');

    // Approve seller B after the confirmation.
    await page.getByRole('link', { name: t(current, 'admin:review.back') }).click();
    await page.waitForURL(isPath('/admin'));
    await page.getByRole('link', { name: t(current, 'admin:queue.open', { name: 'Brian Walker' }) }).waitFor();
    // The rejected one has left the queue of applications under review.
    await page
      .getByRole('link', { name: t(current, 'admin:queue.open', { name: 'Ayla Demir' }) })
      .waitFor({ state: 'detached', timeout: 5000 });
    await openApplication(current, sellerB);
    await page.getByRole('button', { name: t(current, 'admin:decision.approve'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t(current, 'admin:decision.approve_title') });
    await dialog.waitFor();
    await checkScreen(current, 'approve-dialog');
    await dialog.getByRole('button', { name: t(current, 'admin:decision.approve_confirm') }).click();
    await panel.getByText(t(current, 'admin:decision.decided_by')).waitFor();
    await page.getByText(t(current, 'admin:actions.approved')).waitFor();

    // The sellers' mail and phones, each in the seller's language.
    const rejectedMail = await waitForOutboxMessage(
      place.baseUrl,
      sellerA.email,
      (m) => m.channel === 'email' && m.subject === 'WorqTrade başvurunuz hakkında',
    );
    assert.ok(rejectedMail.body.includes(rejectReason), 'the rejection e-mail carries the reason');
    const rejectedSms = await waitForOutboxMessage(
      place.baseUrl,
      sellerA.phone,
      (m) => m.channel === 'sms' && m.body.includes('onaylanmadı'),
    );
    assert.ok(rejectedSms.body.includes(`Gerekçe: ${rejectReason}`), 'the rejection SMS carries the reason, in Turkish');
    await waitForOutboxMessage(
      place.baseUrl,
      sellerB.email,
      (m) => m.channel === 'email' && m.subject === 'Your WorqTrade application has been approved',
    );
    await waitForOutboxMessage(
      place.baseUrl,
      sellerB.phone,
      (m) => m.channel === 'sms' && m.body.includes('your WorqTrade application has been approved'),
    );
    const approvedInTurkish = (await readOutbox(place.baseUrl, sellerB.email)).filter((m) => m.subject?.includes('onaylandı'));
    assert.deepEqual(approvedInTurkish, [], 'the English seller gets no Turkish decision');
  }));

test('the rejected seller reads the reason on /worq-trade', async () => {
  const tokens = await signInThroughApi(place.baseUrl, sellerA);
  await journey({ language: 'tr', theme: 'light', tokens }, async ({ page }) => {
    await page.goto('/worq-trade');
    await page.getByText(rejectReason).first().waitFor();
  });
});

test('a seller at /admin is sent back to the seller portal, and an expert at a seller screen to /admin', async () => {
  const sellerTokens = await signInThroughApi(place.baseUrl, sellerB);
  await journey({ language: 'en', theme: 'light', tokens: sellerTokens }, async (current) => {
    const { page } = current;
    await page.goto('/admin');
    await page.waitForURL(isPath('/worq-trade'));
    await page.getByText(t(current, 'admin:forbidden')).waitFor();
    await page.goto('/admin/contact-forms');
    await page.waitForURL(isPath('/worq-trade'));
  });
  const expertTokens = await signInThroughApi(place.baseUrl, expertCredentials);
  await journey({ language: 'en', theme: 'dark', tokens: expertTokens }, async ({ page }) => {
    await page.goto('/worq-trade');
    await page.waitForURL(isPath('/admin'));
    await page.goto('/connections');
    await page.waitForURL(isPath('/admin'));
    await page.goto('/');
    await page.waitForURL(isPath('/admin'));
  });
});

test('the console in English: every application, a decided one with its audit trail, and the contact forms to call back', async () => {
  const tokens = await signInThroughApi(place.baseUrl, expertCredentials);
  await journey({ language: 'en', theme: 'dark', tokens }, async (current) => {
    const { page } = current;
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: t(current, 'admin:queue.title') }).waitFor();
    await page.getByRole('button', { name: t(current, 'admin:status.all'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'all');
    await page.getByRole('link', { name: t(current, 'admin:queue.open', { name: 'Ayla Demir' }) }).waitFor();
    await page.getByRole('link', { name: t(current, 'admin:queue.open', { name: 'Brian Walker' }) }).waitFor();
    await checkScreen(current, 'queue-all');

    await page.getByRole('searchbox', { name: t(current, 'admin:queue.search_label') }).fill('Walker');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Walker');
    await page.getByText(t(current, 'admin:queue.count_one', { count: 1 })).waitFor();
    await page.getByRole('searchbox', { name: t(current, 'admin:queue.search_label') }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));

    await openApplication(current, sellerA);
    await page.getByText(t(current, 'admin:actions.submitted')).waitFor();
    await page.getByText(t(current, 'admin:actions.rejected')).waitFor();
    await checkScreen(current, 'application-decided');

    await page.getByRole('link', { name: t(current, 'admin:nav.contact_forms') }).click();
    await page.waitForURL(isPath('/admin/contact-forms'));
    const card = page.getByRole('article', { name: 'Cem Kaya' });
    await card.waitFor();
    await card.getByText(t(current, 'admin:revenue_bands.500k_1m')).waitFor();
    await checkScreen(current, 'contact-forms');
    await card.getByRole('button', { name: t(current, 'admin:contact_forms.mark_handled') }).click();
    await page.getByText(t(current, 'admin:contact_forms.empty')).waitFor();
    await page.getByRole('button', { name: t(current, 'admin:contact_forms.filters.true'), exact: true }).click();
    await card
      .getByText(t(current, 'admin:contact_forms.handled_by', { name: 'WorqTrade Expert', date: '' }).replace(/ · $/, ''))
      .waitFor();
  });
});
