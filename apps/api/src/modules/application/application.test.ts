import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '@worq/domain/field-labels';
import type { ApplicationListItem, SubmittedSnapshot } from '@worq/domain/wire/application';
import { applicationEvents, applications, integrations } from '../../db/schema.ts';
import {
  createAccountsTestApp,
  get,
  post,
  registerCustomer,
  registerVerifiedCustomer,
  type RegisteredCustomer,
} from '../../test/accounts-helpers.ts';
import type { Database } from '../../db/client.ts';
import { expectError, expectErrorCode, type TestContext } from '../../test/helpers.ts';
import { applicationRoutes } from './routes.ts';
import { connectStore, savePlan, setStep, startApplication } from './test-kit.ts';

let ctx: TestContext;

beforeAll(async () => {
  let database: Database | undefined;
  ctx = await createAccountsTestApp(
    {},
    {
      wrapDatabase: (opened) => (database = opened),
      // The same routes once more, in a context whose message delivery is broken.
      routes: async (app) => {
        await app.register(async (broken) => {
          Object.assign(broken, {
            delivery: {
              mode: 'live',
              send: async () => {
                throw new Error('smtp unreachable');
              },
            },
          });
          await broken.register(applicationRoutes, { prefix: '/broken-delivery/api/v1', db: database!.db });
        });
      },
    },
  );
});
afterAll(async () => ctx?.close());

const en = { 'accept-language': 'en' };

async function listOf(customer: RegisteredCustomer): Promise<ApplicationListItem[]> {
  const response = await get(ctx, `/application/get_by_customer_id/${customer.customerId}`, customer.jwt_token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApplicationListItem[]>();
}

async function actionsOf(applicationId: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ action: applicationEvents.action, actorRole: applicationEvents.actorRole })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.createdAt));
  expect(rows.every((row) => row.actorRole === 'customer')).toBe(true);
  return rows.map((row) => row.action);
}

/** Polls the development outbox the way a person waits for a message to arrive. */
async function outboxFor(to: string, timeoutMs = 5_000): Promise<{ channel: string; body: string }[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await get(ctx, `/dev/outbox?to=${encodeURIComponent(to)}`);
    const messages = response.json<{ channel: string; body: string }[]>();
    const received = messages.filter((message) => /WorqTrade/.test(message.body));
    if (received.length > 0 || Date.now() > until) return received;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('starting an application', () => {
  it('creates an application at step 1 with 201', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    expect(application).toMatchObject({ status: 'not_completed', step: 1, is_leaved: false, is_cancelled: false, reject_reason: null });
    expect(await actionsOf(application.id)).toEqual(['started']);
  });

  it('keeps one active application: a second start needs the confirmation flag, which cancels the old one', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const first = await startApplication(ctx, customer);

    const refused = await post(ctx, '/application/start_application', {}, customer.jwt_token, en);
    expectError(
      refused,
      409,
      'active_application_exists',
      'You already have an application in progress. Starting a new one cancels the current one.',
    );
    expect(await listOf(customer)).toHaveLength(1);

    const second = await startApplication(ctx, customer, { cancel_existing: true });
    const list = await listOf(customer);
    expect(list.map((item) => [item.id, item.is_cancelled])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
    expect(await actionsOf(first.id)).toEqual(['started', 'cancelled']);
  });

  it('lets only one of two simultaneous starts through', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const answers = await Promise.all([1, 2, 3].map(() => post(ctx, '/application/start_application', {}, customer.jwt_token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const active = (await listOf(customer)).filter((item) => !item.is_cancelled && !item.is_leaved);
    expect(active).toHaveLength(1);
  });

  it('needs a verified phone', async () => {
    const customer = await registerCustomer(ctx);
    const response = await post(ctx, '/application/start_application', {}, customer.jwt_token);
    expectErrorCode(response, 403, 'phone_not_verified');
  });
});

describe('ownership', () => {
  it("answers 404 application_not_found for another customer's application, whatever the action", async () => {
    const owner = await registerVerifiedCustomer(ctx);
    const stranger = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, owner);
    const attempts = [
      post(ctx, '/application/set_step', { application_id: application.id, step: 1 }, stranger.jwt_token, en),
      post(ctx, '/application/leave_application', { application_id: application.id }, stranger.jwt_token, en),
      post(ctx, '/application/complete_application', { application_id: application.id }, stranger.jwt_token, en),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().errors).toEqual({ code: 'application_not_found', message: 'Application not found.' });
    }
    expect(await listOf(owner)).toMatchObject([{ id: application.id, step: 1, is_leaved: false, status: 'not_completed' }]);
  });

  it("refuses to list another customer's applications with 403", async () => {
    const owner = await registerVerifiedCustomer(ctx);
    const stranger = await registerVerifiedCustomer(ctx);
    await startApplication(ctx, owner);
    const response = await get(ctx, `/application/get_by_customer_id/${owner.customerId}`, stranger.jwt_token, en);
    expectErrorCode(response, 403, 'forbidden');
  });
});

describe('steps', () => {
  /** 409 step_requirements_not_met: the step needs `missing` first, as `message` says. */
  const expectStepRefused = (response: Awaited<ReturnType<typeof setStep>>, message: string, missing: string) => {
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ code: 'step_requirements_not_met', message, missing });
  };

  it('refuses step 2 before a plan is saved, then allows it and lists the plan', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const refused = await setStep(ctx, customer, application.id, 2, en);
    expectStepRefused(refused, 'Save your revenue-sharing plan first to continue.', 'plan');
    const turkish = await setStep(ctx, customer, application.id, 2);
    expect(turkish.json().errors.message).toBe('Devam etmek için önce gelir paylaşım planınızı kaydedin.');

    await savePlan(ctx, customer, application.id);
    const moved = await setStep(ctx, customer, application.id, 2);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: application.id, step: 2 });
    const [listed] = await listOf(customer);
    expect(listed).toMatchObject({ step: 2, plan: { application_id: application.id, total_payment_amount: 8_640_000 } });
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row?.reachedStepTwo).toBe(true);
  });

  it('refuses step 3 without an active store linked to a company, and allows it with one', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    await savePlan(ctx, customer, application.id);
    expect((await setStep(ctx, customer, application.id, 2)).statusCode).toBe(200);

    const noStore = await setStep(ctx, customer, application.id, 3, en);
    expectStepRefused(noStore, 'Connect an active, up-to-date store and enter its company details to continue.', 'linked_store');

    // A store without its company does not count, nor does a linked one that is out of date.
    const unlinked = await connectStore(ctx, customer, { link: false, storeName: 'Şirketsiz' });
    expect((await setStep(ctx, customer, application.id, 3)).statusCode).toBe(409);
    const linked = await connectStore(ctx, customer, { storeName: 'Bağlı Mağaza' });
    await ctx.database.db.update(integrations).set({ status: 'out_of_date', isUpdated: false }).where(eq(integrations.id, linked));
    expect((await setStep(ctx, customer, application.id, 3)).json().errors.missing).toBe('linked_store');

    await ctx.database.db.update(integrations).set({ status: 'active', isUpdated: true }).where(eq(integrations.id, linked));
    const moved = await setStep(ctx, customer, application.id, 3);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().step).toBe(3);
    expect(unlinked).not.toBe(linked);
  });

  it('allows going back to an earlier step without any requirement', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    await savePlan(ctx, customer, application.id);
    await setStep(ctx, customer, application.id, 2);
    const back = await setStep(ctx, customer, application.id, 1);
    expect(back.statusCode).toBe(200);
    expect(back.json().step).toBe(1);
    expect(await actionsOf(application.id)).toEqual(['started', 'plan_saved', 'step_changed', 'step_changed']);
  });

  it('accepts only steps 1 to 3', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const response = await setStep(ctx, customer, application.id, 4);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors.fields)).toEqual(['step']);
  });
});

describe('leaving', () => {
  it('marks the application left; it is no longer active and a new one starts without confirmation', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const left = await post(ctx, '/application/leave_application', { application_id: application.id }, customer.jwt_token);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ id: application.id, is_leaved: true, status: 'not_completed' });
    expect(await actionsOf(application.id)).toEqual(['started', 'left']);

    const stepAfterLeaving = await setStep(ctx, customer, application.id, 1, en);
    expectErrorCode(stepAfterLeaving, 409, 'application_not_active');
    await startApplication(ctx, customer);
  });
});

describe('store status during an application', () => {
  it('refuses switching a store on or off while an application is active, and allows it once the application is left', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const integrationId = await connectStore(ctx, customer);
    const application = await startApplication(ctx, customer);
    const switchOff = () =>
      post(ctx, '/marketplace/integration/change_status', { integration_id: integrationId, action: 'disable' }, customer.jwt_token);

    const refused = await switchOff();
    expectErrorCode(refused, 409, 'active_application_exists');

    await post(ctx, '/application/leave_application', { application_id: application.id }, customer.jwt_token);
    const allowed = await switchOff();
    expect(allowed.statusCode).toBe(202);
  });
});

describe('completing', () => {
  it('submits from step 3: in_progress, a snapshot without secrets, and an application-received message', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    await savePlan(ctx, customer, application.id);
    await setStep(ctx, customer, application.id, 2);

    const early = await post(ctx, '/application/complete_application', { application_id: application.id }, customer.jwt_token, en);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toMatchObject({ code: 'step_requirements_not_met', missing: 'summary_step' });

    const storeId = await connectStore(ctx, customer);
    expect((await setStep(ctx, customer, application.id, 3)).statusCode).toBe(200);
    const done = await post(ctx, '/application/complete_application', { application_id: application.id }, customer.jwt_token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: application.id, status: 'in_progress', step: 3 });

    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row?.submittedAt).toBeInstanceOf(Date);
    const snapshot = row?.submittedSnapshot as SubmittedSnapshot;
    expect(snapshot.integrations).toHaveLength(1);
    expect(snapshot.integrations[0]).toMatchObject({
      id: storeId,
      marketplace_code: 'trendyol',
      store_name: 'Ayşe Butik',
      company: { trade_name: 'Yılmaz Tekstil A.Ş.' },
    });
    expect(snapshot.company.trade_name).toBe('Yılmaz Tekstil A.Ş.');
    expect(snapshot.plan.total_payment_amount).toBe(8_640_000);
    expect(JSON.stringify(snapshot)).not.toMatch(/api_secret|api_key|secrets|token/i);
    expect(await actionsOf(application.id)).toEqual(['started', 'plan_saved', 'step_changed', 'step_changed', 'submitted']);

    const received = await outboxFor(customer.email);
    expect(received.length).toBeGreaterThan(0);
    expect(received[0]!.body).toContain('WorqTrade');

    // A second click answers the same application and sends nothing more.
    const again = await post(ctx, '/application/complete_application', { application_id: application.id }, customer.jwt_token);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('in_progress');
    expect(await outboxFor(customer.email, 0)).toHaveLength(received.length);

    // No active application remains: a new one starts without confirmation.
    await startApplication(ctx, customer);
  });

  it('still submits when the application-received message cannot be sent', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    await savePlan(ctx, customer, application.id);
    await connectStore(ctx, customer);
    expect((await setStep(ctx, customer, application.id, 3)).statusCode).toBe(200);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/broken-delivery/api/v1/application/complete_application',
      payload: { application_id: application.id },
      headers: { authorization: `Bearer ${customer.jwt_token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('in_progress');
    expect(await outboxFor(customer.email, 0)).toEqual([]);
  });

  it('refuses completion when the linked store stopped counting after step 3', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    await savePlan(ctx, customer, application.id);
    const storeId = await connectStore(ctx, customer);
    expect((await setStep(ctx, customer, application.id, 3)).statusCode).toBe(200);
    await ctx.database.db.update(integrations).set({ isActive: false, status: 'disabled' }).where(eq(integrations.id, storeId));
    const response = await post(ctx, '/application/complete_application', { application_id: application.id }, customer.jwt_token);
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.missing).toBe('linked_store');
    expect((await listOf(customer))[0]!.status).toBe('not_completed');
  });
});

describe('contact form', () => {
  const form = {
    sales_channels: ['marketplace', 'own_website'],
    monthly_revenue_band: '500k_1m',
    ecommerce_duration_band: '1y_5y',
    best_selling_store_name: 'Ayşe Butik',
    headquarters_city_id: 34,
    note: 'Akşamları arayabilirsiniz.',
  };

  it('saves the form and answers it; a second send for the same application replaces it', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const application = await startApplication(ctx, customer);
    const first = await post(ctx, '/application/form/upsert', { ...form, application_id: application.id }, customer.jwt_token);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json();
    expect(saved).toMatchObject({ ...form, application_id: application.id });
    expect(typeof saved.id).toBe('string');
    expect(typeof saved.created_at).toBe('string');

    const second = await post(
      ctx,
      '/application/form/upsert',
      { ...form, application_id: application.id, sales_channels: ['none'], headquarters_city_id: '6', note: '' },
      customer.jwt_token,
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ id: saved.id, sales_channels: ['none'], headquarters_city_id: 6, note: null });
    // The form never moves the application.
    expect((await listOf(customer))[0]).toMatchObject({ id: application.id, step: 1, status: 'not_completed' });
    expect(await actionsOf(application.id)).toEqual(['started', 'contact_form_saved', 'contact_form_saved']);

    const withoutApplication = await post(ctx, '/application/form/upsert', form, customer.jwt_token);
    expect(withoutApplication.json()).toMatchObject({ application_id: null });
    expect(withoutApplication.json().id).not.toBe(saved.id);
    const againWithout = await post(
      ctx,
      '/application/form/upsert',
      { ...form, best_selling_store_name: 'Yeni Mağaza' },
      customer.jwt_token,
    );
    expect(againWithout.json()).toMatchObject({ id: withoutApplication.json().id, best_selling_store_name: 'Yeni Mağaza' });
  });

  it('validates every field with a message per field', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(
      ctx,
      '/application/form/upsert',
      {
        sales_channels: [],
        monthly_revenue_band: '1m_plus',
        ecommerce_duration_band: 'forever',
        best_selling_store_name: '   ',
        headquarters_city_id: 'İstanbul',
        note: 'x'.repeat(1001),
      },
      customer.jwt_token,
      en,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      sales_channels: 'Select at least one option.',
      monthly_revenue_band: `Choose a valid value for ${fieldLabel('en', 'monthly_revenue_band')}.`,
      ecommerce_duration_band: `Choose a valid value for ${fieldLabel('en', 'ecommerce_duration_band')}.`,
      best_selling_store_name: 'Best-selling store name cannot be empty.',
      headquarters_city_id: 'Choose a province from the list.',
      note: 'Note can be at most 1000 characters.',
    });

    const repeated = await post(
      ctx,
      '/application/form/upsert',
      { ...form, sales_channels: ['none', 'none'], best_selling_store_name: 'x'.repeat(121) },
      customer.jwt_token,
      en,
    );
    expect(repeated.json().errors.fields).toEqual({
      sales_channels: 'Select each option only once.',
      best_selling_store_name: 'Best-selling store name can be at most 120 characters.',
    });
  });

  it('refuses a city that does not exist and an application that is not the caller’s', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const stranger = await registerVerifiedCustomer(ctx);
    const unknownCity = await post(ctx, '/application/form/upsert', { ...form, headquarters_city_id: 82 }, customer.jwt_token, en);
    expect(unknownCity.statusCode).toBe(400);
    expect(unknownCity.json().errors).toEqual({
      code: 'validation_failed',
      message: 'Please correct the marked fields.',
      fields: { headquarters_city_id: 'Choose a province from the list.' },
    });

    const application = await startApplication(ctx, stranger);
    const foreign = await post(ctx, '/application/form/upsert', { ...form, application_id: application.id }, customer.jwt_token, en);
    expectErrorCode(foreign, 404, 'application_not_found');
  });
});
