import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { applications, backgroundTasks, customers, integrations } from '../../db/schema.ts';
import { bearer, createAccountsTestApp, get, post, registerCustomer, registerVerifiedCustomer } from '../../test/accounts-helpers.ts';
import { expectError, expectErrorCode, type TestContext, testEnv } from '../../test/helpers.ts';
import { marketplaceRoutes } from './routes.ts';
import { connectTrendyol, listIntegrations, marketplaceIdOf, runTask, taskResult, uniqueSellerId } from './test-kit.ts';

let ctx: TestContext;
const stubConfigDir = mkdtempSync(path.join(os.tmpdir(), 'worq-marketplace-'));

beforeAll(async () => {
  let database: Database | undefined;
  ctx = await createAccountsTestApp(
    {},
    {
      wrapDatabase: (opened) => (database = opened),
      // The same routes once more, with an applications module that always has an active
      // application: the 409 path without the applications table.
      routes: async (app) => {
        await app.register(marketplaceRoutes, {
          prefix: '/with-active-application/api/v1',
          db: database!.db,
          config: loadConfig(testEnv(stubConfigDir)),
          hasActiveApplication: async () => true,
          handleTasks: false,
        });
      },
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  rmSync(stubConfigDir, { recursive: true, force: true });
});

describe('GET /marketplace/all', () => {
  it('lists the seven marketplaces with the fields of their connection forms', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await get(ctx, '/marketplace/all', customer.jwt_token);
    expect(response.statusCode).toBe(200);
    const all =
      response.json<{ code: string; auth_type: string; fields: { name: string; type: string }[]; regions?: string[]; logo_url: null }[]>();
    expect(all.map((marketplace) => marketplace.code)).toEqual([
      'trendyol',
      'hepsiburada',
      'n11',
      'ciceksepeti',
      'amazon',
      'ideasoft',
      'ticimax',
    ]);
    const trendyol = all.find((marketplace) => marketplace.code === 'trendyol')!;
    expect(trendyol.auth_type).toBe('api_key');
    expect(trendyol.fields).toEqual([
      { name: 'seller_id', type: 'text', required: true },
      { name: 'api_key', type: 'secret', required: true },
      { name: 'api_secret', type: 'secret', required: true },
    ]);
    const amazon = all.find((marketplace) => marketplace.code === 'amazon')!;
    expect(amazon).toMatchObject({ auth_type: 'oauth', regions: ['EU', 'NA', 'FE'] });
    expect(trendyol.regions).toBeUndefined();
  });
});

describe('connecting a store', () => {
  it('connects a Trendyol sandbox store; the list shows it and no secret is stored or listed in clear', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const sellerId = uniqueSellerId();
    const result = await connectTrendyol(ctx, customer, { seller_id: sellerId, api_key: 'sandbox', api_secret: 'sandbox' });
    expect(result).toMatchObject({ is_successful: true, message: 'Ayşe Butik mağazanız bağlandı.' });
    expect(result.data).toMatchObject({ store_name: 'Ayşe Butik', marketplace_code: 'trendyol', seller_id: sellerId, status: 'active' });

    const list = await listIntegrations(ctx, customer);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      store_name: 'Ayşe Butik',
      store_link: 'https://www.trendyol.com/magaza/ayse-butik-m-1',
      marketplace_code: 'trendyol',
      seller_id: sellerId,
      merchant_id: null,
      status: 'active',
      is_active: true,
      is_updated: true,
      company_id: null,
    });
    expect(JSON.stringify(list)).not.toContain('sandbox');

    const [row] = await ctx.database.db.select().from(integrations).where(eq(integrations.customerId, customer.customerId));
    expect(row!.secretsEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('sandbox');
    expect(ctx.app.secrets.decrypt(row!.secretsEncrypted!)).toEqual({ api_key: 'sandbox', api_secret: 'sandbox' });
    const tasks = await ctx.database.db.select().from(backgroundTasks).where(eq(backgroundTasks.customerId, customer.customerId));
    expect(JSON.stringify(tasks.map((task) => task.payload))).not.toContain('sandbox');
  });

  it.each([
    ['hepsiburada', { merchant_id: '2f4c7a52-5b43-4d0e-9a7e-1c2b3d4e5f60', service_key: 'sandbox' }],
    ['n11', { app_key: 'n11-app-key-1', app_secret: 'sandbox' }],
    ['ciceksepeti', { seller_id: '778899', api_key: 'sandbox' }],
    // Ideasoft connects through its authorization-code redirect: ideasoft.test.ts.
    ['ticimax', { store_domain: 'www.ornekmagaza.com', authorization_code: 'sandbox' }],
  ])('connects a sandbox store on %s', async (code, credentials) => {
    const customer = await registerVerifiedCustomer(ctx);
    const result = await runTask(
      ctx,
      '/marketplace/integration/upsert',
      { marketplace_id: await marketplaceIdOf(ctx, code), store_name: 'Mağazam', credentials },
      customer,
    );
    expect(result, JSON.stringify(result)).toMatchObject({ is_successful: true, data: { marketplace_code: code, status: 'active' } });
    const [row] = await ctx.database.db.select().from(integrations).where(eq(integrations.customerId, customer.customerId));
    expect(JSON.stringify(row!.publicFields)).not.toContain('sandbox');
  });

  it('fails the task with the marketplace message in Turkish, and in English for an English speaker', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const turkish = await connectTrendyol(ctx, customer, { api_key: 'wrong-key' });
    expect(turkish).toEqual({
      is_successful: false,
      message: 'Trendyol bilgileriniz doğrulanamadı. API bilgilerini kontrol edip tekrar deneyin.',
      data: null,
    });
    await ctx.database.db.update(customers).set({ preferredLanguage: 'en' }).where(eq(customers.id, customer.customerId));
    const english = await connectTrendyol(ctx, customer, { api_secret: 'wrong-secret' });
    expect(english.message).toBe('Your Trendyol details could not be verified. Check the API details and try again.');
    expect(await listIntegrations(ctx, customer)).toEqual([]);
  });

  it('checks the fields against the marketplace before starting a task', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(
      ctx,
      '/marketplace/integration/upsert',
      { marketplace_id: await marketplaceIdOf(ctx, 'trendyol'), store_name: 'Butik', credentials: { seller_id: '1', api_key: 'sandbox' } },
      customer.jwt_token,
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ code: 'validation_failed', fields: { api_secret: 'Api secret cannot be empty.' } });

    const ideasoft = await post(
      ctx,
      '/marketplace/integration/upsert',
      {
        marketplace_id: await marketplaceIdOf(ctx, 'ideasoft'),
        store_name: 'Butik',
        credentials: { store_url: 'not a url', client_id: 'x', client_secret: 'sandbox' },
      },
      customer.jwt_token,
    );
    expect(ideasoft.statusCode).toBe(400);
    // Ideasoft's typed details go to /marketplace/ideasoft/authorization_url; the upsert wants the callback's.
    expect(Object.keys(ideasoft.json().errors.fields)).toEqual(['authorization_code', 'state']);

    const unknown = await post(
      ctx,
      '/marketplace/integration/upsert',
      { marketplace_id: '00000000-0000-4000-8000-000000000000', store_name: 'Butik', credentials: {} },
      customer.jwt_token,
    );
    expectErrorCode(unknown, 404, 'marketplace_not_found');
  });

  it('takes store names of letters, digits, Turkish letters and spaces only (§5, second pattern)', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(
      ctx,
      '/marketplace/integration/upsert',
      {
        marketplace_id: await marketplaceIdOf(ctx, 'trendyol'),
        store_name: 'Moda & Co.',
        credentials: { seller_id: '1', api_key: 'sandbox', api_secret: 'sandbox' },
      },
      customer.jwt_token,
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toMatchObject({ store_name: 'Store name should not contain special characters.' });
  });

  it('refuses to connect the same store twice', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const sellerId = uniqueSellerId();
    expect((await connectTrendyol(ctx, customer, { seller_id: sellerId })).is_successful).toBe(true);
    const again = await connectTrendyol(ctx, customer, { seller_id: sellerId, store_name: 'İkinci' });
    expect(again).toMatchObject({ is_successful: false, message: 'Bu mağaza zaten bağlı.' });
    expect(await listIntegrations(ctx, customer)).toHaveLength(1);
  });

  it('needs a verified phone', async () => {
    const customer = await registerCustomer(ctx);
    const response = await get(ctx, '/marketplace/integration/list', customer.jwt_token);
    expectErrorCode(response, 403, 'phone_not_verified');
  });
});

describe('updating and switching a connection', () => {
  it('updates the store name and keeps the stored secrets when they are left empty', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const connected = await connectTrendyol(ctx, customer);
    const { id, seller_id } = connected.data as { id: string; seller_id: string };
    const result = await runTask(
      ctx,
      '/marketplace/integration/upsert',
      {
        integration_id: id,
        marketplace_id: await marketplaceIdOf(ctx, 'trendyol'),
        store_name: 'Ayşe Butik Outlet',
        credentials: { seller_id, api_key: '', api_secret: '' },
      },
      customer,
    );
    expect(result).toMatchObject({ is_successful: true, message: 'Ayşe Butik Outlet mağazanızın bilgileri güncellendi.' });
    const list = await listIntegrations(ctx, customer);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, store_name: 'Ayşe Butik Outlet', status: 'active' });
  });

  it('asks for the secrets again when an update moves the store to another host, and never sends the old ones there', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const connected = await runTask(
      ctx,
      '/marketplace/integration/upsert',
      {
        marketplace_id: await marketplaceIdOf(ctx, 'ticimax'),
        store_name: 'Mağazam',
        credentials: { store_domain: 'www.magaza.example.com', authorization_code: 'sandbox' },
      },
      customer,
    );
    expect(connected.is_successful, connected.message).toBe(true);
    const { id } = connected.data as { id: string };
    const update = (credentials: Record<string, string>) =>
      post(
        ctx,
        '/marketplace/integration/upsert',
        {
          integration_id: id,
          marketplace_id: (connected.data as { marketplace_id: string }).marketplace_id,
          store_name: 'Mağazam',
          credentials,
        },
        customer.jwt_token,
      );
    const moved = await update({ store_domain: 'www.attacker.example.net', authorization_code: '' });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json().errors.fields)).toEqual(['authorization_code']);
    expect(moved.json().errors.fields.authorization_code).toContain('adresi değiştiği için');
    // The same host in another spelling keeps the stored secret.
    const sameHost = await update({ store_domain: 'WWW.magaza.example.com.', authorization_code: '' });
    expect(sameHost.statusCode).toBe(202);
  });

  it('asks for the Ideasoft client secret again when a reconnect names another store host', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const integrationId = randomUUID();
    await ctx.database.db.insert(integrations).values({
      id: integrationId,
      customerId: customer.customerId,
      marketplaceId: await marketplaceIdOf(ctx, 'ideasoft'),
      storeName: 'Ideasoft Mağazam',
      publicFields: { store_url: 'https://magaza.example.com', client_id: 'client-1' },
      secretsEncrypted: ctx.app.secrets.encrypt({ client_secret: 'stored-secret', refresh_token: 'r' }),
    });
    const authorize = (store_url: string) =>
      post(
        ctx,
        '/marketplace/ideasoft/authorization_url',
        { integration_id: integrationId, store_name: 'Ideasoft Mağazam', store_url, client_id: 'client-1', client_secret: '' },
        customer.jwt_token,
      );
    const moved = await authorize('https://attacker.example.net');
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.fields.client_secret).toContain('adresi değiştiği için');
    expect((await authorize('https://MAGAZA.example.com')).statusCode).toBe(200);
  });

  it('keeps a store link only as an absolute http(s) address', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const marketplace_id = await marketplaceIdOf(ctx, 'trendyol');
    const credentials = { seller_id: uniqueSellerId(), api_key: 'sandbox', api_secret: 'sandbox' };
    const relative = await runTask(
      ctx,
      '/marketplace/integration/upsert',
      { marketplace_id, store_name: 'Mağazam', store_link: 'www.trendyol.com/magaza/x', credentials },
      customer,
    );
    expect(relative.data).toMatchObject({ store_link: 'https://www.trendyol.com/magaza/x' });
    for (const store_link of ['javascript://www.trendyol.com/%0Aalert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example.com/x']) {
      const refused = await post(
        ctx,
        '/marketplace/integration/upsert',
        { marketplace_id, store_name: 'M', store_link, credentials },
        customer.jwt_token,
      );
      expect(refused.statusCode, store_link).toBe(400);
    }
  });

  it('disables, activates and removes a connection', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { id } = (await connectTrendyol(ctx, customer)).data as { id: string };
    const change = (action: string) => runTask(ctx, '/marketplace/integration/change_status', { integration_id: id, action }, customer);

    expect(await change('disable')).toMatchObject({ is_successful: true, message: 'Ayşe Butik mağazanız devre dışı bırakıldı.' });
    expect(await listIntegrations(ctx, customer, '?status=disabled')).toMatchObject([{ id, status: 'disabled', is_active: false }]);
    expect(await listIntegrations(ctx, customer, '?status=active')).toEqual([]);

    expect(await change('activate')).toMatchObject({ is_successful: true, message: 'Ayşe Butik mağazanız etkinleştirildi.' });
    expect(await listIntegrations(ctx, customer, '?status=active&status=disabled')).toMatchObject([
      { id, status: 'active', is_active: true },
    ]);

    expect(await change('delete')).toMatchObject({ is_successful: true, message: 'Ayşe Butik mağazanız kaldırıldı.' });
    expect(await listIntegrations(ctx, customer)).toEqual([]);
  });

  it('marks a connection out of date when activating finds its credentials refused', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { id } = (await connectTrendyol(ctx, customer)).data as { id: string };
    await runTask(ctx, '/marketplace/integration/change_status', { integration_id: id, action: 'disable' }, customer);
    await ctx.database.db
      .update(integrations)
      .set({ secretsEncrypted: ctx.app.secrets.encrypt({ api_key: 'revoked', api_secret: 'sandbox' }) })
      .where(eq(integrations.id, id));

    const result = await runTask(ctx, '/marketplace/integration/change_status', { integration_id: id, action: 'activate' }, customer);
    expect(result).toMatchObject({ is_successful: false, message: expect.stringContaining('Trendyol bilgileriniz doğrulanamadı') });
    expect(await listIntegrations(ctx, customer, '?status=out_of_date')).toMatchObject([{ id, status: 'out_of_date', is_updated: false }]);
  });

  it('refuses status changes while an application is active', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { id } = (await connectTrendyol(ctx, customer)).data as { id: string };
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/with-active-application/api/v1/marketplace/integration/change_status',
      headers: { ...bearer(customer.jwt_token), 'accept-language': 'en' },
      payload: { integration_id: id, action: 'disable' },
    });
    expectError(response, 409, 'active_application_exists', 'You cannot change a store’s status while you have an active application.');
    expect(await listIntegrations(ctx, customer)).toMatchObject([{ id, status: 'active' }]);
  });

  it('still removes a store while an application is active (spec §4: only the status switch waits)', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { id } = (await connectTrendyol(ctx, customer)).data as { id: string };
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/with-active-application/api/v1/marketplace/integration/change_status',
      headers: bearer(customer.jwt_token),
      payload: { integration_id: id, action: 'delete' },
    });
    expect(response.statusCode, response.body).toBe(202);
  });

  it('refuses to remove a store that is part of a submitted application', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { id } = (await connectTrendyol(ctx, customer)).data as { id: string };
    const submitted = { integrations: [{ id, store_name: 'Ayşe Butik' }] };
    await ctx.database.db
      .insert(applications)
      .values({ customerId: customer.customerId, status: 'in_progress', step: 3, submittedSnapshot: submitted, submittedAt: new Date() });
    const response = await post(
      ctx,
      '/marketplace/integration/change_status',
      { integration_id: id, action: 'delete' },
      customer.jwt_token,
      { 'accept-language': 'en' },
    );
    expectError(
      response,
      409,
      'store_in_submitted_application',
      'This store cannot be removed because it is part of an application you submitted.',
    );
    expect(await listIntegrations(ctx, customer)).toMatchObject([{ id, status: 'active' }]);
  });
});

describe('ownership', () => {
  it("answers another customer's integration like an unknown one", async () => {
    const owner = await registerVerifiedCustomer(ctx);
    const stranger = await registerVerifiedCustomer(ctx);
    const { id, seller_id } = (await connectTrendyol(ctx, owner)).data as { id: string; seller_id: string };

    const attempts = [
      post(ctx, '/marketplace/integration/change_status', { integration_id: id, action: 'delete' }, stranger.jwt_token),
      post(
        ctx,
        '/marketplace/integration/upsert',
        {
          integration_id: id,
          marketplace_id: await marketplaceIdOf(ctx, 'trendyol'),
          store_name: 'Taken',
          credentials: { seller_id, api_key: 'sandbox', api_secret: 'sandbox' },
        },
        stranger.jwt_token,
      ),
      post(ctx, '/marketplace/integration/set_company', { integration_ids: [id], company_id: id }, stranger.jwt_token),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().errors).toEqual({ code: 'integration_not_found', message: 'Kayıtlı entegrasyon bulunamadı.' });
    }
    expect(await listIntegrations(ctx, stranger)).toEqual([]);
    expect(await listIntegrations(ctx, owner)).toMatchObject([{ id, store_name: 'Ayşe Butik' }]);
  });
});

describe('companies of connections', () => {
  const company = {
    type: 2,
    tax_number: '1234567890',
    official_full_name: 'Ayşe Yılmaz',
    trade_name: 'Yılmaz Tekstil A.Ş.',
    tax_office: 'Kadıköy',
  };

  it('links connections to a new company and groups only active, updated connections by company', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const first = (await connectTrendyol(ctx, customer, { store_name: 'Birinci' })).data as { id: string };
    const second = (await connectTrendyol(ctx, customer, { store_name: 'İkinci' })).data as { id: string };
    const third = (await connectTrendyol(ctx, customer, { store_name: 'Üçüncü' })).data as { id: string };
    const fourth = (await connectTrendyol(ctx, customer, { store_name: 'Dördüncü' })).data as { id: string };

    const linked = await runTask(ctx, '/marketplace/integration/set_company', { integration_ids: [first.id, third.id], company }, customer);
    expect(linked).toMatchObject({ is_successful: true, message: 'Şirket bilgileri mağazalarınıza bağlandı.' });
    const companyId = (linked.data as { company: { id: string } }).company.id;

    // The third is linked but disabled; the fourth is out of date: neither is valid for grouping.
    await runTask(ctx, '/marketplace/integration/change_status', { integration_id: third.id, action: 'disable' }, customer);
    await ctx.database.db.update(integrations).set({ status: 'out_of_date', isUpdated: false }).where(eq(integrations.id, fourth.id));

    const response = await get(ctx, '/marketplace/integration/get_details_by_customer_id', customer.jwt_token);
    expect(response.statusCode).toBe(200);
    const details = response.json<{
      companies: { company: { id: string; trade_name: string }; integrations: { id: string }[] }[];
      integrations_without_company: { id: string }[];
    }>();
    expect(details.companies).toHaveLength(1);
    expect(details.companies[0]!.company).toMatchObject({ id: companyId, trade_name: 'Yılmaz Tekstil A.Ş.', tax_number: '1234567890' });
    expect(details.companies[0]!.integrations.map((integration) => integration.id)).toEqual([first.id]);
    expect(details.integrations_without_company.map((integration) => integration.id)).toEqual([second.id]);

    const list = await listIntegrations(ctx, customer, '?status=active');
    expect(list.find((integration) => integration.id === first.id)).toMatchObject({
      company_id: companyId,
      company_official_name: 'Ayşe Yılmaz',
      company_title: 'Yılmaz Tekstil A.Ş.',
    });
  });

  it('links to an existing company by id but never moves a connection to another company', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const store = (await connectTrendyol(ctx, customer)).data as { id: string };
    const other = (await connectTrendyol(ctx, customer, { store_name: 'Diğer' })).data as { id: string };
    const created = await post(ctx, '/company/upsert', company, customer.jwt_token);
    expect(created.statusCode).toBe(200);
    const companyId = created.json<{ id: string }>().id;
    const anotherCompany = await post(
      ctx,
      '/company/upsert',
      { ...company, tax_number: '1234579006', trade_name: 'Başka Ltd.' },
      customer.jwt_token,
    );

    expect(
      await runTask(ctx, '/marketplace/integration/set_company', { integration_ids: [store.id], company_id: companyId }, customer),
    ).toMatchObject({
      is_successful: true,
    });
    const relink = await post(
      ctx,
      '/marketplace/integration/set_company',
      { integration_ids: [store.id, other.id], company_id: anotherCompany.json<{ id: string }>().id },
      customer.jwt_token,
      { 'accept-language': 'en' },
    );
    expectError(relink, 409, 'company_locked', 'Company details can be changed only through our support team.');

    const missing = await post(ctx, '/marketplace/integration/set_company', { integration_ids: [other.id] }, customer.jwt_token, {
      'accept-language': 'en',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.fields).toEqual({ company_id: 'You must enter company information for this store.' });
  });
});

describe('work context', () => {
  it('shows Connections once the customer has a saved integration', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const before = await get(ctx, `/work_context/get/${customer.customerId}`, customer.jwt_token);
    expect(before.json()).toEqual({ navbar_elements: ['applications', 'insight'] });
    await connectTrendyol(ctx, customer);
    const after = await get(ctx, `/work_context/get/${customer.customerId}`, customer.jwt_token);
    expect(after.json()).toEqual({ navbar_elements: ['applications', 'insight', 'connections'] });
  });
});

describe('task results', () => {
  it('reaches the owner only through the request id it was given', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(
      ctx,
      '/marketplace/integration/upsert',
      {
        marketplace_id: await marketplaceIdOf(ctx, 'trendyol'),
        store_name: 'Ayşe Butik',
        credentials: { seller_id: uniqueSellerId(), api_key: 'sandbox', api_secret: 'sandbox' },
      },
      customer.jwt_token,
    );
    expect(response.statusCode).toBe(202);
    const { request_id } = response.json<{ request_id: string }>();
    expect(request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await ctx.app.tasks.current(request_id))?.customerId).toBe(customer.customerId);
    expect((await taskResult(ctx, request_id)).is_successful).toBe(true);
  });
});
