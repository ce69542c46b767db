/*
 * Wire records that tests of several features build: one seller's store and company, with the
 * values the screens' texts are asserted against. Each takes overrides for the case at hand.
 */
import type { CompanyView } from '@worq/domain/wire/company';
import type { StoreImport, StoreLookup } from '@worq/domain/wire/insight';
import type { IntegrationView } from '@worq/domain/wire/marketplace';
import type { OfferView } from '@worq/domain/wire/offer';

/** A connected, up-to-date Trendyol store without a company. */
export function integration(overrides: Partial<IntegrationView> = {}): IntegrationView {
  return {
    id: 'i-1',
    marketplace_id: 'm-trendyol',
    marketplace_code: 'trendyol',
    store_name: 'Moda Dükkanı',
    store_link: null,
    region: null,
    seller_id: '123456',
    merchant_id: null,
    connected_at: '2025-03-14T09:30:00Z',
    status: 'active',
    is_active: true,
    is_updated: true,
    company_id: null,
    company_official_name: null,
    company_title: null,
    ...overrides,
  };
}

/** A limited company (type 3) of Ayşe Yılmaz. */
export function company(overrides: Partial<CompanyView> = {}): CompanyView {
  return {
    id: 'c-1',
    type: 3,
    tax_number: '1234567890',
    official_full_name: 'Ayşe Yılmaz',
    trade_name: 'Yılmaz Tekstil Ltd. Şti.',
    tax_office: 'Kadıköy',
    national_id: null,
    birth_date: null,
    created_at: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

/** The verified figures behind a pre-qualified offer of one Trendyol store (its summary reads them). */
export const offerInputs: OfferView['inputs'] = {
  net_sales_90_days: 300_000_00,
  trend: 0.08,
  return_rate: 0.04,
  weekly_variation: 0.1,
  history_months: 5,
  store_count: 1,
  forecast_slow_8_weeks: 160_000_00,
};

/** The offer's sales over 4, 6 and 8 weeks at the forecast interval's low end, middle and high end. */
export const offerSalesScenarios: OfferView['sales_scenarios'] = [
  { duration_weeks: 4, slow: 80_000_00, expected: 100_000_00, fast: 120_000_00 },
  { duration_weeks: 6, slow: 120_000_00, expected: 150_000_00, fast: 180_000_00 },
  { duration_weeks: 8, slow: 160_000_00, expected: 200_000_00, fast: 240_000_00 },
];

/** A pre-qualified offer of ₺62,000 as GET /insight/offer answers it (no durations, scenarios or forecast); tests override what they look at. */
export function preQualifiedOffer(overrides: Partial<OfferView> = {}): OfferView {
  return {
    offer_id: '6f1c2a40-0000-4000-8000-000000000035',
    policy_version: '2026-11-28.2',
    computed_at: '2026-11-28T09:00:00.000Z',
    status: 'pre_qualified',
    max_amount: 62_000_00,
    headline: 'Şu ana kadar ₺62.000,00 tutarına kadar finansman alabilirsiniz.',
    subject_to_review: 'Bu bir ön değerlendirmedir, söz değildir: son karar uzmanlarımızın incelemesinden sonra verilir.',
    summary: 'Son 90 günde ₺300.000,00 net satış, eğilim %+8, iade oranı %4, satışlar düzenli, 5 aylık geçmiş, 1 doğrulanmış mağaza.',
    reasons: [{ code: 'net_sales', text: 'son 90 günde ₺300.000,00 net satış' }],
    refusals: [],
    raise: [{ code: 'another_store', text: 'Başka bir mağaza bağlamak' }],
    durations: [],
    sales_scenarios: [],
    inputs: offerInputs,
    excluded_integrations: [],
    forecast: null,
    ...overrides,
  };
}

/** A refused offer (one month of sales history where two are needed), otherwise `preQualifiedOffer`; tests override what they look at. */
export function refusedOffer(overrides: Partial<OfferView> = {}): OfferView {
  return preQualifiedOffer({
    status: 'refused',
    max_amount: null,
    headline: null,
    summary: null,
    refusals: [{ code: 'history_too_short', text: 'Satış geçmişiniz 1 ay; ön değerlendirme için en az 2 ay gerekiyor.' }],
    ...overrides,
  });
}

/** POST /insight/store_lookup recognising a Trendyol store address (`trendyolStoreLookup.store_link`). */
export const trendyolStoreLookup: StoreLookup = {
  marketplace_code: 'trendyol',
  store_name: 'Ayse Butik',
  seller_id: '123456',
  store_link: 'https://www.trendyol.com/magaza/ayse-butik-m-123456',
  candidates: ['trendyol'],
};

/** A store's first import a quarter through its recent days: 1,240 orders saved, 150 s left. */
export function recentImport(overrides: Partial<StoreImport> = {}): StoreImport {
  return {
    phase: 'recent',
    recent_days: 30,
    orders_saved: 1_240,
    steps_done: 45,
    steps_total: 180,
    seconds_left: 150,
    first_import_seconds: null,
    ...overrides,
  };
}
