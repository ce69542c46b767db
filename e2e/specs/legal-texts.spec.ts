import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signInThroughApi, type TokenPair } from '../fixtures/accounts.ts';
import { expertCredentials, expertEnv } from '../fixtures/admin.ts';
import { callApi } from '../fixtures/api.ts';
import { checkScreen, freshSellerTokens, journeysIn, runJourney, type Journey, type JourneyOptions } from '../fixtures/journey.ts';
import { text } from '../fixtures/screens.ts';

// Issue 16, line 10 in Chromium: the legal texts are complete and versioned; an expert publishes a
// new disclosure from the back-office, and sellers who accepted the previous version meet it at
// their next visit (Turkish and English) and go on only after accepting it. Every screen is checked
// by axe-core in both themes and photographed at 375 and 1280 px into e2e/artifacts/legal-texts/.

let turkishSeller: TokenPair;
let englishSeller: TokenPair;
const changeNote = { tr: 'Aktarım bölümüne yeni iş ortağı eklendi.', en: 'A new business partner was added to the transfers section.' };

const place = journeysIn('legal-texts', { env: { ...expertEnv, LEGAL_ENTITY_NAME: 'Worq Finans A.Ş.' } }, async ({ baseUrl }) => {
  // Both sign up (accepting the shipped version) before the expert publishes the next one.
  turkishSeller = await freshSellerTokens(baseUrl, 'tr');
  englishSeller = await freshSellerTokens(baseUrl, 'en');
});

const journey = (options: JourneyOptions, walk: (journey: Journey) => Promise<void>) => runJourney(place, options, walk);
const t = (journey: Journey, key: string, values: Record<string, string | number> = {}) => text(journey.language, key, values);

test('the shipped texts are complete and name the deployment’s data controller', async () => {
  const terms = await callApi<Array<{ term_type: string; content: string }>>(place.baseUrl, null, 'GET', '/customer/get_active_terms');
  const disclosure = terms.find((term) => term.term_type === 'disclosure')!;
  assert.ok(disclosure.content.includes('Worq Finans A.Ş.'), 'the controller is named');
  assert.ok(disclosure.content.length > 3000, 'a complete notice, not a placeholder');
});

test('an expert publishes a new version of the disclosure from the back-office', async () => {
  const expert = await signInThroughApi(place.baseUrl, expertCredentials);
  await journey({ language: 'tr', theme: 'light', tokens: expert }, async (current) => {
    const { page } = current;
    await page.goto('/admin/legal-texts');
    const card = page.getByRole('region', { name: 'KVKK Aydınlatma Metni' });
    await card.waitFor();
    await checkScreen(current, 'admin-legal-texts');
    await card.getByRole('button', { name: t(current, 'admin:legal_texts.new_version') }).click();
    const notes = card.getByRole('textbox', { name: t(current, 'admin:legal_texts.field_change_note') });
    await notes.nth(0).fill(changeNote.tr);
    await notes.nth(1).fill(changeNote.en);
    await card.getByRole('button', { name: t(current, 'admin:legal_texts.preview') }).click();
    await checkScreen(current, 'admin-legal-editor');
    await card.getByRole('button', { name: t(current, 'admin:legal_texts.publish') }).click();
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: t(current, 'admin:legal_texts.confirm_publish') }).click();
    await page.getByText(t(current, 'admin:legal_texts.published_toast', { title: 'KVKK Aydınlatma Metni', version: 3 })).waitFor();
  });
});

for (const language of ['tr', 'en'] as const) {
  test(`a seller who accepted the previous version accepts the new one before going on (${language})`, async () => {
    const tokens = language === 'tr' ? turkishSeller : englishSeller;
    await journey({ language, theme: language === 'tr' ? 'dark' : 'light', tokens }, async (current) => {
      const { page } = current;
      await page.goto('/worq-trade');
      await page.getByRole('heading', { name: t(current, 'common:updated_terms.title') }).waitFor();
      await page.getByText(changeNote[language]).waitFor();
      await checkScreen(current, 'seller-updated-terms');
      const save = page.getByRole('button', { name: t(current, 'common:updated_terms.submit') });
      await save.click();
      // Not accepted yet: the form stays, with the reason on the box.
      await page.getByText(/Devam etmek için|To continue, you need/).waitFor();
      await page.getByRole('checkbox').first().check();
      await save.click();
      await page.getByRole('heading', { name: t(current, 'common:updated_terms.title') }).waitFor({ state: 'detached' });
      await page.getByText(t(current, 'worq-trade:applications.empty_title')).waitFor();
    });
    const info = await callApi<{ pending_terms: unknown[]; consents: { disclosure: { term_version: number } } }>(
      place.baseUrl,
      tokens,
      'GET',
      '/customer/get_user_info',
    );
    assert.deepEqual(info.pending_terms, []);
    assert.equal(info.consents.disclosure.term_version, 3);
  });
}
