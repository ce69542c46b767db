import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { customers } from '../../db/schema.ts';
import { decodeClaims, get, post, registerVerifiedCustomer, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import { expectErrorCode, sharedTestApp, testEnv } from '../../test/helpers.ts';
import { createReviewTestApp, expertEmail, expertPassword, signInExpert, submitApplication } from './test-kit.ts';

const ctx = sharedTestApp(() => createReviewTestApp());
let seller: RegisteredCustomer;

beforeAll(async () => {
  seller = await registerVerifiedCustomer(ctx);
});

/** Starts the app again on the same database with other bootstrap settings, as a restart would. */
async function restartWith(env: Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-admin-restart-'));
  const app = await buildApp({ config: loadConfig(testEnv(dataDir, env)), database: ctx.database, logger: false });
  await app.ready();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function expertRows(email: string) {
  return ctx.database.db.select().from(customers).where(eq(customers.email, email));
}

describe('expert bootstrap', () => {
  it('creates the configured expert at start, whose sign-in token carries role expert', async () => {
    const tokens = await signInExpert(ctx);
    expect(decodeClaims(tokens.jwt_token)).toMatchObject({ role: 'expert', email: expertEmail, is_phone_verified: true });
    const [row] = await expertRows(expertEmail);
    expect(row).toMatchObject({ role: 'expert', isPhoneVerified: true });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
  });

  it('updates the same account on a later start: the new password works and the old one stops', async () => {
    const before = await signInExpert(ctx);
    await restartWith({ BOOTSTRAP_EXPERT_EMAIL: expertEmail, BOOTSTRAP_EXPERT_PASSWORD: expertPassword });
    const kept = await post(ctx, '/auth/token/refresh', { refresh_token: before.refresh_token });
    expect(kept.statusCode, 'a restart with the same password keeps the session').toBe(200);
    await restartWith({ BOOTSTRAP_EXPERT_EMAIL: 'Uzman@WORQ.local', BOOTSTRAP_EXPERT_PASSWORD: 'Degisti123' });
    const ended = await post(ctx, '/auth/token/refresh', { refresh_token: kept.json().refresh_token });
    expect(ended.statusCode, 'a new password ends the sessions signed in with the old one').toBe(401);
    expect(await expertRows(expertEmail)).toHaveLength(1);
    expect((await post(ctx, '/auth/login', { email: expertEmail, password: expertPassword })).statusCode).toBe(401);
    const tokens = await signInExpert(ctx, expertEmail, 'Degisti123');
    expect(decodeClaims(tokens.jwt_token).role).toBe('expert');
    // Idempotent: the same settings again change nothing a person would notice.
    await restartWith({ BOOTSTRAP_EXPERT_EMAIL: expertEmail, BOOTSTRAP_EXPERT_PASSWORD: 'Degisti123' });
    expect(await expertRows(expertEmail)).toHaveLength(1);
    await signInExpert(ctx, expertEmail, 'Degisti123');
    await restartWith({ BOOTSTRAP_EXPERT_EMAIL: expertEmail, BOOTSTRAP_EXPERT_PASSWORD: expertPassword });
  });

  it('makes an existing account with that e-mail the expert', async () => {
    const other = await registerVerifiedCustomer(ctx);
    await restartWith({ BOOTSTRAP_EXPERT_EMAIL: other.email, BOOTSTRAP_EXPERT_PASSWORD: 'Uzman5678' });
    const [row] = await expertRows(other.email);
    expect(row?.role).toBe('expert');
    const tokens = await signInExpert(ctx, other.email, 'Uzman5678');
    expect(decodeClaims(tokens.jwt_token).role).toBe('expert');
  });
});

describe('who reaches what', () => {
  it('refuses a seller on every back-office route with 403 forbidden', async () => {
    const { applicationId } = await submitApplication(ctx, seller);
    const answers = await Promise.all([
      get(ctx, '/admin/applications', seller.jwt_token),
      get(ctx, `/admin/applications/${applicationId}`, seller.jwt_token),
      post(ctx, `/admin/applications/${applicationId}/decision`, { decision: 'approved' }, seller.jwt_token),
      get(ctx, '/admin/contact_forms', seller.jwt_token),
      post(ctx, `/admin/contact_forms/${applicationId}/handled`, {}, seller.jwt_token),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().errors.code).toBe('forbidden');
    }
  });

  it('asks for a session on the back-office without a token', async () => {
    const response = await get(ctx, '/admin/applications');
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expert on seller endpoints with 403 expert_account, in the request language', async () => {
    const expert = await signInExpert(ctx);
    const list = await get(ctx, '/marketplace/integration/list', expert.jwt_token, { 'accept-language': 'en' });
    expect(list.statusCode).toBe(403);
    expect(list.json().errors).toMatchObject({ code: 'expert_account', message: expect.stringMatching(/back-office/) });
    const company = await post(ctx, '/company/validate_vkn', { tax_number: '1234567890' }, expert.jwt_token);
    expectErrorCode(company, 403, 'expert_account');
  });

  it('lets an expert read their own account, refresh the session and sign out', async () => {
    const expert = await signInExpert(ctx);
    const info = await get(ctx, '/customer/get_user_info', expert.jwt_token);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().email).toBe(expertEmail);
    const refreshed = await post(ctx, '/auth/token/refresh', { refresh_token: expert.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeClaims(refreshed.json().jwt_token).role).toBe('expert');
    const out = await post(ctx, '/auth/logout', { refresh_token: refreshed.json().refresh_token }, expert.jwt_token);
    expect(out.statusCode).toBe(204);
  });

  it('lets an expert into the back-office', async () => {
    const expert = await signInExpert(ctx);
    const response = await get(ctx, '/admin/applications', expert.jwt_token);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a token that still says expert after the account stopped being one', async () => {
    const other = await registerVerifiedCustomer(ctx);
    const { applicationId } = await submitApplication(ctx, other);
    const forged = await ctx.app.signAccessToken({
      customer_id: other.customerId,
      email: other.email,
      first_name: 'Ayşe',
      last_name: 'Yılmaz',
      is_phone_verified: true,
      role: 'expert',
    });
    const response = await post(ctx, `/admin/applications/${applicationId}/decision`, { decision: 'approved' }, forged);
    expect(response.statusCode).toBe(403);
  });
});

describe('an expert who stops being one', () => {
  it('loses write access at once, even with a token that is still valid', async () => {
    const colleague = await registerVerifiedCustomer(ctx);
    await ctx.database.db.update(customers).set({ role: 'expert' }).where(eq(customers.id, colleague.customerId));
    const tokens = await signInExpert(ctx, colleague.email, colleague.password);
    expect(decodeClaims(tokens.jwt_token).role).toBe('expert');
    const target = await registerVerifiedCustomer(ctx);
    const url = `/admin/customers/${target.customerId}/end_sessions`;
    expect((await post(ctx, url, {}, tokens.jwt_token)).statusCode).toBe(204);

    await ctx.database.db.update(customers).set({ role: 'customer' }).where(eq(customers.id, colleague.customerId));
    const demoted = await post(ctx, url, {}, tokens.jwt_token, { 'accept-language': 'en' });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().errors).toEqual({ code: 'forbidden', message: 'You are not allowed to do this.' });
    const decision = await post(
      ctx,
      `/admin/applications/${(await submitApplication(ctx, target)).applicationId}/decision`,
      { decision: 'approved' },
      tokens.jwt_token,
    );
    expect(decision.statusCode).toBe(403);

    // A removed account is no expert either.
    await ctx.database.db.delete(customers).where(eq(customers.id, colleague.customerId));
    expect((await post(ctx, url, {}, tokens.jwt_token)).statusCode).toBe(403);
  });
});

describe("ending a seller's sessions", () => {
  it('lets an expert end every session of a seller, and nobody else', async () => {
    const target = await registerVerifiedCustomer(ctx);
    const expert = await signInExpert(ctx);
    const url = `/admin/customers/${target.customerId}/end_sessions`;
    expect((await post(ctx, url, {}, target.jwt_token)).statusCode).toBe(403);
    expect((await post(ctx, url, {})).statusCode).toBe(401);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: target.refresh_token })).statusCode).toBe(200);

    const again = await post(ctx, '/auth/login', { email: target.email, password: target.password });
    const ended = await post(ctx, url, {}, expert.jwt_token);
    expect(ended.statusCode).toBe(204);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: again.json().refresh_token })).statusCode).toBe(401);

    const unknown = await post(ctx, '/admin/customers/00000000-0000-4000-8000-000000000000/end_sessions', {}, expert.jwt_token);
    expect(unknown.statusCode).toBe(404);
  });
});
