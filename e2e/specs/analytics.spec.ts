import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createVerifiedCustomer } from '../fixtures/accounts.ts';
import { apiAnswer } from '../fixtures/api.ts';
import { expectNoAxeViolations } from '../fixtures/axe.ts';
import { languages, launchBrowser, openPage, themes, type Language, type Theme } from '../fixtures/browser.ts';
import { startCollector, until, type CollectedEvent, type Collector } from '../fixtures/collector.ts';
import { repoRoot, startProduct, type Product } from '../fixtures/product.ts';
import { text } from '../fixtures/screens.ts';

// Analytics (Amplitude) end to end, with a local collector as the analytics server: nothing is
// sent before the visitor accepts the cookie banner; then custom page views named after the
// screen, identify after sign-in, reset after sign-out, the campaign objects in local storage,
// nothing after opting out in the profile, and session replay only for sampled sessions. Google
// sign-in's script is replaced by a stand-in (no network here); the banner and the Google button
// are photographed in both themes, both languages, at 375 and 1280 px into /tmp/web-analytics-shots.

const shotsDir = process.env.ANALYTICS_SHOTS_DIR ?? '/tmp/web-analytics-shots';
const replayProperty = '[Amplitude] Session Replay ID';
const { isSessionInSample } = createRequire(path.join(repoRoot, 'package.json'))(
  '@amplitude/session-replay-browser/lib/cjs/sampling.js',
) as { isSessionInSample: (sessionId: number, sampleRate: number) => boolean };

let product: Product;
let collector: Collector;
let browser: Browser;

before(async () => {
  collector = await startCollector();
  product = await startProduct({
    env: {
      AMPLITUDE_API_KEY: 'e2e-analytics-key',
      AMPLITUDE_SERVER_URL: collector.serverUrl,
      GOOGLE_CLIENT_ID: 'e2e-client.apps.googleusercontent.com',
    },
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await product?.stop();
  await collector?.stop();
});

/** Google's script, replaced: it records initialize and draws a button as Google would size it. */
const googleStub = `
window.google = { accounts: { id: {
  initialize: function (options) { window.__googleInit = options; },
  renderButton: function (parent, options) {
    var heights = { large: 40, medium: 32, small: 20 };
    var en = options.locale === 'en';
    var button = document.createElement('div');
    button.setAttribute('role', 'button');
    button.tabIndex = 0;
    button.textContent = options.text === 'signup_with' ? (en ? 'Sign up with Google' : 'Google ile kaydolun') : (en ? 'Sign in with Google' : 'Google ile oturum açın');
    var dark = options.theme === 'filled_black';
    button.style.cssText = 'box-sizing:border-box;display:flex;align-items:center;justify-content:center;font:500 14px Roboto,sans-serif;border-radius:20px;cursor:pointer;'
      + 'height:' + heights[options.size] + 'px;width:' + options.width + 'px;'
      + (dark ? 'background:#131314;color:#e3e3e3;border:1px solid #8e918f;' : 'background:#fff;color:#1f1f1f;border:1px solid #747775;');
    parent.appendChild(button);
  }
} } };`;

async function stubGoogle(context: BrowserContext): Promise<void> {
  await context.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: googleStub }),
  );
}

async function presetConsent(context: BrowserContext, consent: 'granted' | 'denied'): Promise<void> {
  await context.addInitScript((value) => {
    try {
      if (localStorage.getItem('analyticsConsent') === null) localStorage.setItem('analyticsConsent', value);
    } catch {
      // about:blank
    }
  }, consent);
}

const pageViews = (events: CollectedEvent[]) => events.filter((event) => /^Page ".*" Viewed$/.test(event.event_type));
const hasPageView =
  (name: string, where: (event: CollectedEvent) => boolean = () => true) =>
  (events: CollectedEvent[]) =>
    pageViews(events).some((event) => event.event_type === `Page "${name}" Viewed` && where(event));

async function withPage(
  options: { language?: Language; theme?: Theme; width?: number },
  walk: (page: Page, context: BrowserContext, errors: string[]) => Promise<void>,
): Promise<void> {
  const { context, page, errors } = await openPage(browser, product.baseUrl, options);
  await stubGoogle(context);
  try {
    await walk(page, context, errors);
    assert.deepEqual(errors, [], 'no uncaught errors or console errors on the way');
  } finally {
    await context.close();
  }
}

test('nothing is sent before consent; accepting starts page views, the campaign is kept, sign-in identifies and sign-out resets', async () => {
  collector.clear();
  const customer = await createVerifiedCustomer(product.baseUrl);
  await withPage({ language: 'tr' }, async (page) => {
    const settingsRead = apiAnswer(page, '/settings');
    await page.goto('/?utm_source=newsletter&utm_campaign=spring');
    // The boot decides on the server's settings and the stored answer; with consent it would load
    // the service at the browser's next idle moment. Both have happened once this resolves.
    await settingsRead;
    const banner = page.getByRole('region', { name: text('tr', 'consent:banner.title') });
    await banner.waitFor();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3_000 })));
    // Not a single call to the analytics server while the visitor has not answered.
    assert.equal(collector.batches.length, 0, 'no events before consent');
    assert.equal(collector.configRequests.length, 0, 'not even the replay configuration before consent');

    const acceptedAt = await page.evaluate(() => Date.now());
    await banner.getByRole('button', { name: text('tr', 'consent:banner.accept') }).click();
    await banner.waitFor({ state: 'detached' });
    // The service loads once the browser is idle, then records the landing's campaign.
    await page.waitForFunction(() => localStorage.getItem('initialUtm') !== null);
    const storage = await page.evaluate(() => [localStorage.getItem('utm'), localStorage.getItem('initialUtm')]);
    assert.deepEqual(
      storage.map((value) => JSON.parse(value ?? 'null')),
      [
        { utm_source: 'newsletter', utm_campaign: 'spring' },
        { utm_source: 'newsletter', utm_campaign: 'spring' },
      ],
    );

    // Sign in with the form, then visit the profile through the account menu, then sign out.
    await page.getByLabel(text('tr', 'auth:fields.email')).fill(customer.email);
    await page.getByLabel(text('tr', 'auth:fields.password'), { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: text('tr', 'auth:sign_in.submit'), exact: true }).click();
    await page.waitForURL('**/worq-trade');
    await page.getByRole('button', { name: text('tr', 'common:profile_menu.label') }).click();
    await page.getByRole('menuitem', { name: text('tr', 'common:profile_menu.my_account') }).click();
    await page.waitForURL('**/profile/*/info');
    await page.getByRole('button', { name: text('tr', 'common:profile_menu.label') }).click();
    await page.getByRole('menuitem', { name: text('tr', 'common:profile_menu.sign_out') }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const signedInView = (event: CollectedEvent) => event.user_id === customer.id;
    const events = await collector.waitFor(
      (all) =>
        hasPageView('profile/info', signedInView)(all) &&
        hasPageView('login', (event) => event.user_id === undefined && pageViews(all).indexOf(event) > 0)(all),
      'the profile page view and a signed-out login page view',
    );
    assert.ok(
      events.every(
        (event) =>
          event.event_type.startsWith('Page ') ||
          event.event_type.startsWith('$') ||
          event.event_type.startsWith('session_') ||
          event.event_type.startsWith('[Amplitude]'),
      ),
      `only expected event types: ${events.map((event) => event.event_type).join(', ')}`,
    );
    assert.equal(collector.batches[0]?.api_key, 'e2e-analytics-key');
    // The SDK sends every 10 s: an event recorded before consent would have come in these batches.
    assert.deepEqual(
      events.filter((event) => (event.time ?? 0) < acceptedAt).map((event) => event.event_type),
      [],
      'nothing recorded before consent, not even held back for a later batch',
    );

    const views = pageViews(events);
    assert.deepEqual(
      views.map((event) => [event.event_type, event.event_properties?.page_name]),
      [
        ['Page "login" Viewed', 'login'],
        ['Page "worq-trade" Viewed', 'worq-trade'],
        ['Page "profile/info" Viewed', 'profile/info'],
        ['Page "login" Viewed', 'login'],
      ],
    );
    assert.ok(!views.some((event) => String(event.event_properties?.page_name).includes(customer.id)), 'no ids in page names');

    // The anonymous visitor got the campaign; sign-in identified the customer, without e-mail or name.
    const identifies = events.filter((event) => event.event_type === '$identify');
    const anonymous = identifies.find((event) => event.user_id === undefined);
    assert.deepEqual(anonymous?.user_properties, {
      $set: { utm_source: 'newsletter', utm_campaign: 'spring' },
      $setOnce: { initial_utm_source: 'newsletter', initial_utm_campaign: 'spring' },
    });
    const signedIn = identifies.find((event) => event.user_id === customer.id);
    assert.ok(signedIn, 'an identify with the customer id after sign-in');
    assert.deepEqual(signedIn.user_properties?.$set, {
      language: 'tr',
      theme: 'light',
      is_phone_verified: true,
      utm_source: 'newsletter',
      utm_campaign: 'spring',
    });
    assert.ok(!JSON.stringify(identifies).includes(customer.email), 'no e-mail address in identify');

    // Reset: after sign-out the events carry no user id and come from a new device.
    const [, worqTrade, profile, loginAgain] = views;
    assert.equal(worqTrade?.user_id, customer.id);
    assert.equal(profile?.user_id, customer.id);
    assert.equal(loginAgain?.user_id, undefined);
    assert.notEqual(loginAgain?.device_id, profile?.device_id);
  });
});

test('a new campaign replaces utm but never initialUtm', async () => {
  await withPage({}, async (page, context) => {
    await presetConsent(context, 'granted');
    await page.goto('/?utm_source=google&utm_medium=cpc');
    await page.waitForFunction(() => localStorage.getItem('utm') !== null);
    await page.goto('/?utm_source=instagram');
    await page.waitForFunction(() => localStorage.getItem('utm')?.includes('instagram') === true);
    const [utm, initial] = await page.evaluate(() => [localStorage.getItem('utm'), localStorage.getItem('initialUtm')]);
    assert.deepEqual(JSON.parse(utm ?? 'null'), { utm_source: 'instagram' });
    assert.deepEqual(JSON.parse(initial ?? 'null'), { utm_source: 'google', utm_medium: 'cpc' });
  });
});

test('after opting out in the profile nothing more is sent', async () => {
  collector.clear();
  const customer = await createVerifiedCustomer(product.baseUrl, { language: 'en' });
  await withPage({ language: 'en' }, async (page, context) => {
    await presetConsent(context, 'granted');
    await page.goto('/');
    await page.getByLabel(text('en', 'auth:fields.email')).fill(customer.email);
    await page.getByLabel(text('en', 'auth:fields.password'), { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: text('en', 'auth:sign_in.submit'), exact: true }).click();
    await page.waitForURL('**/worq-trade');
    await page.getByRole('button', { name: text('en', 'common:profile_menu.label') }).click();
    await page.getByRole('menuitem', { name: text('en', 'common:profile_menu.my_account') }).click();
    const box = page.getByRole('checkbox', { name: text('en', 'profile:analytics.label') });
    assert.equal(await box.isChecked(), true, 'the profile shows the banner’s choice');
    await collector.waitFor(
      hasPageView('profile/info', (event) => event.user_id === customer.id),
      'the profile page view',
    );

    const optedOutAt = await page.evaluate(() => Date.now());
    await box.uncheck();
    assert.equal(await page.evaluate(() => localStorage.getItem('analyticsConsent')), 'denied');
    await page
      .getByRole('link', { name: text('en', 'common:nav.my_applications') })
      .first()
      .click();
    await page.waitForURL('**/worq-trade');
    await page
      .getByRole('link', { name: text('en', 'common:nav.new_application') })
      .first()
      .click();
    await page.waitForURL('**/worq-trade/start');
    // Opting in again and seeing the next page view arrive: anything the SDK had kept from the
    // opted-out visits would have been sent with it or before it.
    await page.getByRole('button', { name: text('en', 'common:profile_menu.label') }).click();
    await page.getByRole('menuitem', { name: text('en', 'common:profile_menu.my_account') }).click();
    const optedInAt = await page.evaluate(() => Date.now());
    await box.check();
    await page
      .getByRole('link', { name: text('en', 'common:nav.my_applications') })
      .first()
      .click();
    await page.waitForURL('**/worq-trade');
    await collector.waitFor(
      hasPageView('worq-trade', (event) => (event.time ?? 0) > optedInAt),
      'the page view after opting in again',
    );
    const late = collector.events().filter((event) => (event.time ?? 0) > optedOutAt && (event.time ?? 0) < optedInAt);
    assert.deepEqual(
      late.map((event) => event.event_type),
      [],
      'no events after opting out',
    );
    assert.ok(!hasPageView('worq-trade/start')(collector.events()), 'the page visited after opting out was not reported');
  });
});

/** A session id (epoch ms close to now) that session replay's sampling puts in or out of the 20 %. */
function sessionIdFor(sampled: boolean): number {
  for (let candidate = Date.now(); ; candidate += 1) if (isSessionInSample(candidate, 0.2) === sampled) return candidate;
}

for (const sampled of [true, false]) {
  test(`session replay respects its 0.2 sample rate: a session ${sampled ? 'in' : 'out of'} the sample ${sampled ? 'is' : 'is not'} recorded`, async () => {
    collector.clear();
    const sessionId = sessionIdFor(sampled);
    await withPage({}, async (page, context) => {
      await presetConsent(context, 'granted');
      // The analytics session id is the time the session starts.
      await page.clock.setFixedTime(sessionId);
      await page.goto('/');
      const events = await collector.waitFor(hasPageView('login'), 'the login page view');
      const view = pageViews(events)[0]!;
      assert.equal(view.session_id, sessionId);
      assert.equal(
        replayProperty in (view.event_properties ?? {}),
        sampled,
        `replay id on events of a ${sampled ? 'sampled' : 'not sampled'} session`,
      );
      assert.ok(collector.configRequests.length > 0, 'replay read its remote configuration from the collector');
      // Losing focus stops the recording and flushes it.
      await page.evaluate(() => window.dispatchEvent(new Event('blur')));
      // Only this session's uploads: the previous test's page can still flush its recording as it closes.
      const ours = () =>
        collector.replayUploads.filter((upload) => new URLSearchParams(upload.query).get('session_id') === String(sessionId));
      if (sampled) await until(() => ours().length > 0, 'the recording reaching the replay endpoint');
      else {
        // The positive signal is the page view above: replay had already decided and left its id
        // off. A recorder that never started has nothing to flush on blur; no upload so far either.
        assert.equal(ours().length, 0, 'nothing recorded for a session out of the sample');
      }
    });
  });
}

test('consent banner and Google button: both themes, both languages, phone and desktop, no axe findings', async () => {
  mkdirSync(shotsDir, { recursive: true });
  for (const theme of themes) {
    for (const language of languages) {
      for (const width of [375, 1280]) {
        await withPage({ theme, language, width }, async (page) => {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await page.goto('/');
          await page.getByRole('region', { name: text(language, 'consent:banner.title') }).waitFor();
          const google = page.getByRole('button', { name: language === 'en' ? 'Sign in with Google' : 'Google ile oturum açın' });
          await google.waitFor();
          const box = await google.boundingBox();
          assert.equal(box?.height, 40, 'the large Google button is 40 px high');
          const init = await page.evaluate(() => (window as unknown as { __googleInit?: { client_id: string } }).__googleInit?.client_id);
          assert.equal(init, 'e2e-client.apps.googleusercontent.com');
          if (width === 1280) await expectNoAxeViolations(page, `login with banner (${theme}, ${language})`);
          await page.screenshot({
            path: path.join(shotsDir, `login-banner-${theme}-${language}-${width}.png`),
            fullPage: false,
            animations: 'disabled',
          });
          // The profile preference, once the banner is answered.
          await page.getByRole('button', { name: text(language, 'consent:banner.reject') }).click();
          await page.getByRole('region', { name: text(language, 'consent:banner.title') }).waitFor({ state: 'detached' });
          await page.screenshot({
            path: path.join(shotsDir, `login-answered-${theme}-${language}-${width}.png`),
            fullPage: true,
            animations: 'disabled',
          });
        });
      }
    }
  }
});
