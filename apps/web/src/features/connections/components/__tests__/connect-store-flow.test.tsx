import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { serve, type Route } from '../../../../test/http-test-kit.tsx';
import { company as companyRecord, integration } from '../../../../test/wire-fixtures.ts';
import type { IntegrationDetails } from '../../api/integration-details.ts';
import { ConnectStoreModal } from '../connect-store-modal.tsx';
import { followTasks, marketplaces, renderAt } from './connections-test-kit.tsx';

const company = companyRecord();

function details(overrides: Partial<IntegrationDetails> = {}): IntegrationDetails {
  return { companies: [], integrations_without_company: [integration({ id: 'i-new' })], ...overrides };
}

let tracking: ReturnType<typeof followTasks>;
const onClose = vi.fn();
const onCompleted = vi.fn();

function renderModal(props: Partial<Parameters<typeof ConnectStoreModal>[0]> = {}) {
  return renderAt('/connections', <ConnectStoreModal open onClose={onClose} onCompleted={onCompleted} {...props} />, '/connections');
}

function serveFlow(extra: Record<string, Route> = {}) {
  return serve({
    'GET /marketplace/all': { status: 200, data: marketplaces },
    'POST /marketplace/integration/upsert': { status: 202, data: { request_id: 'req-connect' } },
    'GET /marketplace/integration/get_details_by_customer_id': { status: 200, data: details() },
    'POST /marketplace/integration/set_company': { status: 202, data: { request_id: 'req-company' } },
    'POST /company/validate_vkn': { status: 200, data: { valid: true } },
    'POST /company/validate_tckn': { status: 200, data: { valid: true } },
    ...extra,
  });
}

async function chooseMarketplace(actor: ReturnType<typeof userEvent.setup>, name: string) {
  await actor.click(await screen.findByRole('button', { name }));
}

function finishTask(index: number, result: { message: string; is_successful: boolean; data?: unknown }) {
  const task = tracking.tasks[index];
  if (!task) throw new Error(`no task ${index}`);
  act(() => {
    if (result.is_successful) task.options.onSuccess?.({ data: null, ...result });
    else task.options.onFailure?.({ data: null, ...result });
  });
}

/** Goes to step 3 through a successful Trendyol connection. */
async function reachCompanyStep(actor: ReturnType<typeof userEvent.setup>) {
  await chooseMarketplace(actor, 'Trendyol');
  await actor.type(screen.getByLabelText(/Mağaza adı/), 'Moda Dükkanı');
  await actor.type(screen.getByLabelText(/Satıcı ID/), '123456');
  await actor.type(screen.getByLabelText(/API Key/), 'key');
  await actor.type(screen.getByLabelText(/API Secret/, { selector: 'input' }), 'sandbox');
  await actor.click(screen.getByRole('button', { name: 'Bağla' }));
  await waitFor(() => expect(tracking.tasks).toHaveLength(1));
  finishTask(0, { message: 'Bağlandı', is_successful: true, data: { integration_id: 'i-new' } });
}

beforeAll(async () => {
  await i18n.loadNamespaces(['connections', 'ui', 'feedback']);
});
beforeEach(() => {
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
  tracking = followTasks();
  onClose.mockReset();
  onCompleted.mockReset();
});
afterEach(() => {
  tracking.stop();
  vi.unstubAllGlobals();
});

describe('connect-integration flow, step 2', () => {
  it("builds the form from the marketplace's fields, with secrets as password inputs", async () => {
    const actor = userEvent.setup();
    serveFlow();
    renderModal();
    await chooseMarketplace(actor, 'Trendyol');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Entegrasyonu bağlayın');
    expect(screen.getByLabelText(/Satıcı ID/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/API Key/)).toHaveAttribute('type', 'text');
    const secret = screen.getByLabelText(/API Secret/, { selector: 'input' });
    expect(secret).toHaveAttribute('type', 'password');
    await actor.click(screen.getByRole('button', { name: 'API Secret değerini göster' }));
    expect(secret).toHaveAttribute('type', 'text');

    await actor.click(screen.getByRole('button', { name: 'Bağla' }));
    expect(await screen.findByText('Mağaza adı boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('Satıcı ID boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('API Secret boş bırakılamaz.')).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Geri' }));
    await chooseMarketplace(actor, 'Ideasoft');
    expect(screen.getByLabelText(/Mağaza adresi/)).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText(/Client Secret/, { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText(/Satıcı ID/)).not.toBeInTheDocument();
  });

  it('opens the how-to drawer with the Ticimax steps', async () => {
    const actor = userEvent.setup();
    serveFlow();
    renderModal();
    await chooseMarketplace(actor, 'Ticimax');
    await actor.click(screen.getByRole('button', { name: 'Nasıl bağlarım?' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ticimax mağazanızı nasıl bağlarsınız?' });
    const steps = within(drawer)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      'Ticimax yönetim panelinde Ayarlar → Entegrasyon → Web Servisleri sayfasını açın.',
      'Yeni Ekle düğmesiyle bir yetki kodu oluşturun.',
      'Tüm izinleri aktif edip kaydedin.',
      'Mağaza alan adınızı ve oluşturduğunuz yetki kodunu forma girin.',
    ]);
  });

  it("posts the upsert, waits for the task and shows the marketplace's failure message", async () => {
    const actor = userEvent.setup();
    const calls = serveFlow();
    renderModal();
    await chooseMarketplace(actor, 'Trendyol');
    await actor.type(screen.getByLabelText(/Mağaza adı/), 'Moda Dükkanı');
    await actor.type(screen.getByLabelText(/Satıcı ID/), '123456');
    await actor.type(screen.getByLabelText(/API Key/), 'key');
    await actor.type(screen.getByLabelText(/API Secret/, { selector: 'input' }), 'wrong');
    await actor.click(screen.getByRole('button', { name: 'Bağla' }));
    await waitFor(() => expect(tracking.tasks).toHaveLength(1));
    expect(calls.find((call) => call.url === '/marketplace/integration/upsert')?.body).toEqual({
      marketplace_id: 'm-trendyol',
      store_name: 'Moda Dükkanı',
      credentials: { seller_id: '123456', api_key: 'key', api_secret: 'wrong' },
    });
    expect(tracking.tasks[0]).toMatchObject({ requestId: 'req-connect', type: 'connect_integration' });
    expect(screen.getByText('Bağlantınız doğrulanıyor. Bu birkaç saniye sürebilir.')).toBeInTheDocument();

    finishTask(0, { message: 'Trendyol bilgileriniz doğrulanamadı.', is_successful: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Trendyol bilgileriniz doğrulanamadı.');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Entegrasyonu bağlayın');
  });

  it('authorizes Amazon in a popup and accepts the answer only from its own origin', async () => {
    const actor = userEvent.setup();
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn().mockReturnValue(popup);
    vi.stubGlobal('open', open);
    const calls = serveFlow({
      'GET /marketplace/amazon/authorization_url': (_body, { params }) => ({
        status: 200,
        data: { url: `https://sellercentral.example/consent?region=${(params as { region: string }).region}`, state: 'st-1' },
      }),
    });
    renderModal();
    await chooseMarketplace(actor, 'Amazon');
    await actor.type(screen.getByLabelText(/Mağaza adı/), 'Amazon TR');
    await actor.click(screen.getByRole('button', { name: "Amazon'da yetkilendir" }));
    await waitFor(() => expect(popup.location.href).toBe('https://sellercentral.example/consent?region=EU'));
    expect(open).toHaveBeenCalledTimes(1);

    const answer = { type: 'amazon-authorization', spapi_oauth_code: 'code-1', state: 'st-1', selling_partner_id: 'A1SELLER' };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: answer, origin: 'https://evil.example' }));
    });
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { ...answer, state: 'other' }, origin: window.location.origin }));
    });
    expect(calls.some((call) => call.url === '/marketplace/integration/upsert')).toBe(false);

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: answer, origin: window.location.origin }));
    });
    await waitFor(() => expect(tracking.tasks).toHaveLength(1));
    expect(calls.find((call) => call.url === '/marketplace/integration/upsert')?.body).toEqual({
      marketplace_id: 'm-amazon',
      store_name: 'Amazon TR',
      region: 'EU',
      credentials: { spapi_oauth_code: 'code-1', state: 'st-1', selling_partner_id: 'A1SELLER' },
    });
  });
});

describe('connect-integration flow, step 3 (company)', () => {
  it('checks the tax number: 10 digits, the checksum and the server, and asks sole proprietors for more', async () => {
    const actor = userEvent.setup();
    const calls = serveFlow({
      'POST /company/validate_vkn': (body) => ({
        status: 200,
        data:
          (body as { tax_number: string }).tax_number === '0123456789'
            ? { valid: false, message: 'Bu vergi numarası kayıtlı değil.' }
            : { valid: true },
      }),
    });
    renderModal();
    await reachCompanyStep(actor);
    expect(await screen.findByText('Son adım: bu mağazanın ait olduğu şirketi seçin ya da şirket bilgilerini girin.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Şirketi bağlayın');

    const taxNumber = screen.getByLabelText(/Vergi kimlik numarası/);
    await actor.type(taxNumber, '123');
    await actor.tab();
    expect(await screen.findByText('Vergi kimlik numarası 10 haneli olmalıdır.')).toBeInTheDocument();
    await actor.clear(taxNumber);
    await actor.type(taxNumber, '1234567891');
    expect(await screen.findByText('Vergi kimlik numarası geçerli değil.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/company/validate_vkn')).toBe(false);

    await actor.clear(taxNumber);
    await actor.type(taxNumber, '0123456789');
    await actor.tab();
    expect(await screen.findByText('Bu vergi numarası kayıtlı değil.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/company/validate_vkn').map((call) => call.body)).toEqual([{ tax_number: '0123456789' }]);

    expect(screen.queryByLabelText(/T.C. Kimlik Numarası/)).not.toBeInTheDocument();
    await actor.click(screen.getByRole('radio', { name: 'Şahıs şirketi' }));
    const nationalId = screen.getByLabelText(/T.C. Kimlik Numarası/);
    expect(screen.getByRole('group', { name: /Doğum tarihi/ })).toBeInTheDocument();
    await actor.type(nationalId, '123');
    await actor.tab();
    expect(await screen.findByText('T.C. Kimlik Numarası 11 haneli olmalıdır.')).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Şirketi bağla' }));
    expect(await screen.findByText('Şirket sahibinin adı soyadı boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('Ticari unvan boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('Doğum tarihi boş bırakılamaz.')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/marketplace/integration/set_company')).toBe(false);
  });

  it('links a new sole proprietorship and finishes when the task succeeds', async () => {
    const actor = userEvent.setup();
    const calls = serveFlow();
    renderModal();
    await reachCompanyStep(actor);
    await actor.click(await screen.findByRole('radio', { name: 'Şahıs şirketi' }));
    await actor.type(screen.getByLabelText(/Vergi kimlik numarası/), '1234567890');
    await actor.type(screen.getByLabelText(/Şirket sahibinin adı soyadı/), 'Ayşe Yılmaz');
    await actor.type(screen.getByLabelText(/Ticari unvan/), 'Ayşe Yılmaz Tekstil');
    await actor.type(screen.getByLabelText(/Vergi dairesi/), 'Kadıköy');
    await actor.type(screen.getByLabelText(/T.C. Kimlik Numarası/), '10000000146');
    fireEvent.change(screen.getByLabelText('Gün'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Ay'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Yıl'), { target: { value: '1990' } });
    await actor.click(screen.getByRole('button', { name: 'Şirketi bağla' }));
    await waitFor(() => expect(tracking.tasks).toHaveLength(2));
    expect(calls.find((call) => call.url === '/marketplace/integration/set_company')?.body).toEqual({
      integration_ids: ['i-new'],
      company: {
        type: 1,
        tax_number: '1234567890',
        official_full_name: 'Ayşe Yılmaz',
        trade_name: 'Ayşe Yılmaz Tekstil',
        tax_office: 'Kadıköy',
        national_id: '10000000146',
        birth_date: '1990-04-09',
      },
    });
    expect(calls.filter((call) => call.url === '/company/validate_tckn').map((call) => call.body)).toEqual([
      { national_id: '10000000146' },
    ]);
    expect(tracking.tasks[1]).toMatchObject({ requestId: 'req-company', type: 'connect_company' });
    expect(onCompleted).not.toHaveBeenCalled();
    finishTask(1, { message: 'Şirket bilgileri mağazalarınıza bağlandı.', is_successful: true });
    expect(onCompleted).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for a company when none is chosen among the existing ones', async () => {
    const actor = userEvent.setup();
    const calls = serveFlow({
      'GET /marketplace/integration/get_details_by_customer_id': {
        status: 200,
        data: details({ companies: [{ company, integrations: [integration({ id: 'i-other' })] }] }),
      },
    });
    renderModal();
    await reachCompanyStep(actor);
    await actor.click(await screen.findByRole('button', { name: 'Şirketi bağla' }));
    expect(await screen.findByText('Bu mağaza için şirket bilgilerini girmelisiniz.')).toBeInTheDocument();
    await actor.click(screen.getByRole('radio', { name: /Yılmaz Tekstil Ltd\. Şti\./ }));
    await actor.click(screen.getByRole('button', { name: 'Şirketi bağla' }));
    await waitFor(() => expect(tracking.tasks).toHaveLength(2));
    expect(calls.find((call) => call.url === '/marketplace/integration/set_company')?.body).toEqual({
      integration_ids: ['i-new'],
      company_id: 'c-1',
    });
  });

  it('says no saved integration was found when no store is waiting for a company', async () => {
    serveFlow({
      'GET /marketplace/integration/get_details_by_customer_id': {
        status: 200,
        data: details({ companies: [{ company, integrations: [integration({ id: 'i-linked' })] }], integrations_without_company: [] }),
      },
    });
    renderModal({ initialStep: 'company' });
    expect(await screen.findByText('Kayıtlı entegrasyon bulunamadı.')).toBeInTheDocument();
  });

  it('shows the linked company read-only when updating a store that has one', async () => {
    const actor = userEvent.setup();
    serveFlow({
      'GET /marketplace/integration/get_details_by_customer_id': {
        status: 200,
        data: details({ companies: [{ company, integrations: [integration({ id: 'i-linked' })] }], integrations_without_company: [] }),
      },
    });
    renderModal({ integration: integration({ id: 'i-linked', company_id: 'c-1' }) });
    await actor.type(await screen.findByLabelText(/API Key/), 'key');
    await actor.type(screen.getByLabelText(/API Secret/, { selector: 'input' }), 'sandbox');
    await actor.click(screen.getByRole('button', { name: 'Güncelle' }));
    await waitFor(() => expect(tracking.tasks).toHaveLength(1));
    expect(tracking.tasks[0]?.type).toBe('update_integration');
    finishTask(0, { message: 'Güncellendi', is_successful: true });
    expect(await screen.findByText('Şirket bilgileri yalnızca destek ekibimiz aracılığıyla değiştirilebilir.')).toBeInTheDocument();
    expect(screen.getByText('Yılmaz Tekstil Ltd. Şti.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Vergi kimlik numarası/ })).not.toBeInTheDocument();
  });
});

describe('closing the connect-store window', () => {
  it('closes at once while nothing was typed', async () => {
    const actor = userEvent.setup();
    serveFlow();
    renderModal();
    await chooseMarketplace(actor, 'Trendyol');
    await actor.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before closing with typed data: Escape and the X ask; keep editing stays, yes closes', async () => {
    const actor = userEvent.setup();
    serveFlow();
    renderModal();
    await chooseMarketplace(actor, 'Trendyol');
    await actor.type(screen.getByLabelText(/Mağaza adı/), 'Moda Dükkanı');

    await actor.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Girdiğiniz bilgiler silinsin mi?' });
    expect(onClose).not.toHaveBeenCalled();
    await actor.click(within(ask).getByRole('button', { name: 'Düzenlemeye devam et' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Girdiğiniz bilgiler silinsin mi?' })).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Mağaza adı/)).toHaveValue('Moda Dükkanı');

    const window = screen.getByRole('dialog', { name: 'Mağaza bağla' });
    await actor.click(within(window).getByRole('button', { name: 'Pencereyi kapat' }));
    const again = await screen.findByRole('dialog', { name: 'Girdiğiniz bilgiler silinsin mi?' });
    expect(onClose).not.toHaveBeenCalled();
    await actor.click(within(again).getByRole('button', { name: 'Evet, kapat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before "Later" on the company step once company details were typed', async () => {
    const actor = userEvent.setup();
    serveFlow();
    renderModal();
    await reachCompanyStep(actor);
    const later = await screen.findByRole('button', { name: 'Daha sonra' });
    const taxNumber = await screen.findByLabelText(/Vergi kimlik numarası/);
    await actor.type(taxNumber, '123');
    await actor.click(later);
    expect(await screen.findByRole('dialog', { name: 'Girdiğiniz bilgiler silinsin mi?' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
