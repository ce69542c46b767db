/**
 * Experts see what the seller saw: submitting an application keeps the offer GET /gpp/offer showed,
 * and the review serves it with its policy version, inputs and forecast.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '@worq/domain/calendar';
import { offerPolicyVersion } from '@worq/domain/offer-policy';
import type { Overview } from '@worq/domain/wire/insight';
import type { OfferView } from '@worq/domain/wire/offer';
import { get, post, registerVerifiedCustomer, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import { sharedTestApp, type TestContext } from '../../test/helpers.ts';
import { createReviewTestApp, signInExpert } from '../admin/test-kit.ts';
import { connectStore, savePlan, setStep, startApplication } from '../application/test-kit.ts';
import { istanbulDate } from './repository.ts';
import { noonSale } from './sales-test-kit.ts';
import { upsertOrders } from './sync-repository.ts';

async function importSettled(ctx: TestContext, seller: RegisteredCustomer, storeId: string): Promise<void> {
  const until = Date.now() + 100_000;
  for (;;) {
    const overview = (await get(ctx, `/insight/overview?integration_id=${storeId}`, seller.jwt_token)).json<Overview>();
    const state = overview.sync[0]?.state;
    if (state === 'ok' || state === 'failed') return;
    if (Date.now() > until) throw new Error(`the import did not settle: ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the offer kept at submission', () => {
  const ctx = sharedTestApp(() => createReviewTestApp());

  it('is what the seller was shown, served to the experts with the application', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, seller);
    await savePlan(ctx, seller, application.id);
    await setStep(ctx, seller, application.id, 2);
    const storeId = await connectStore(ctx, seller);
    // Connecting starts the store's import from the sandbox: what the seller is shown comes after it.
    await importSettled(ctx, seller, storeId);
    const today = istanbulDate(new Date());
    await upsertOrders(
      ctx.database.db,
      seller.customerId,
      storeId,
      Array.from({ length: 150 }, (_, index) => noonSale(`snap-${index}`, addDays(today, -150 + index), 250_000)),
    );
    const shown: OfferView = (await get(ctx, '/gpp/offer', seller.jwt_token)).json();
    expect((await setStep(ctx, seller, application.id, 3)).statusCode).toBe(200);
    const done = await post(ctx, '/application/complete_application', { application_id: application.id }, seller.jwt_token);
    expect(done.statusCode, done.body).toBe(200);

    const expert = (await signInExpert(ctx)).jwt_token;
    const review = await get(ctx, `/admin/applications/${application.id}`, expert);
    expect(review.statusCode, review.body).toBe(200);
    const kept: OfferView = review.json().offer_snapshot;
    expect(kept).toEqual(shown);
    // The stored offer it was taken from.
    expect(kept.offer_id).toEqual(expect.any(String));
    expect(kept.policy_version).toBe(offerPolicyVersion);
    expect(kept.inputs.history_months).toBeGreaterThanOrEqual(4);
    expect(kept.forecast?.weeks).toHaveLength(12);
  });
});
