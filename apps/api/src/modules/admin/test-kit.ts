/*
 * Stories about the back-office. Sellers and the expert come through the public API (sign-up,
 * sign-in); what a seller submitted is written straight into the tables, because the seller
 * journey is another module's and the review only reads it.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DurationWeeks } from '@worq/domain/plan';
import type { StoredSnapshot } from '@worq/domain/wire/application';
import {
  applicationEvents,
  applications,
  companies,
  contactForms,
  integrations,
  marketplaces,
  customers,
  outboxMessages,
  plans,
  type ApplicationStatus,
} from '../../db/schema.ts';
import { createAccountsTestApp, post, uniqueEmail, uniquePhone, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import type { TestContext } from '../../test/helpers.ts';
import { planRow } from '../gpp/service.ts';

export const expertEmail = 'uzman@worq.local';
export const expertPassword = 'Uzman1234';

/** The real app with a bootstrapped expert account. */
export function createReviewTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  return createAccountsTestApp({ BOOTSTRAP_EXPERT_EMAIL: expertEmail, BOOTSTRAP_EXPERT_PASSWORD: expertPassword, ...env });
}

/** Signs the expert in the way /admin/login does. */
export async function signInExpert(
  ctx: TestContext,
  email = expertEmail,
  password = expertPassword,
): Promise<{ jwt_token: string; refresh_token: string }> {
  const response = await post(ctx, '/auth/login', { email, password });
  if (response.statusCode !== 200) throw new Error(`expert sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A verified seller written straight into the table, for an app whose delivery cannot send codes. */
export async function insertSeller(ctx: TestContext): Promise<{ customerId: string; email: string; phone: string }> {
  const none = { accepted: false, term_version: null, accepted_at: null };
  const [row] = await ctx.database.db
    .insert(customers)
    .values({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: uniqueEmail(),
      phoneNumber: uniquePhone(),
      isPhoneVerified: true,
      consents: { disclosure: { ...none, accepted: true }, explicit_consent: none, commercial_electronic_message: none },
    })
    .returning();
  return { customerId: row!.id, email: row!.email, phone: row!.phoneNumber! };
}

export const storedSecret = 'SECRET-never-shown-7f3a';

export interface SubmittedApplication {
  applicationId: string;
  companyId: string;
  integrationId: string;
}

let taxCounter = 0;

/**
 * What a seller leaves behind on completion: a company, a connected store linked to it, a plan and
 * an application under review with its snapshot and audit event.
 */
export async function submitApplication(
  ctx: TestContext,
  seller: Pick<RegisteredCustomer, 'customerId'>,
  options: {
    submittedAt?: Date;
    status?: ApplicationStatus;
    companyTitle?: string;
    storeName?: string;
    durationWeeks?: DurationWeeks;
  } = {},
): Promise<SubmittedApplication> {
  const db = ctx.database.db;
  const submittedAt = options.submittedAt ?? new Date();
  const status = options.status ?? 'in_progress';
  taxCounter += 1;
  const [company] = await db
    .insert(companies)
    .values({
      customerId: seller.customerId,
      type: 2,
      taxNumber: String(1_000_000_000 + taxCounter * 7_919 + (Date.now() % 100_000)).slice(0, 10),
      officialFullName: `${options.companyTitle ?? 'Ayşe Tekstil'} Anonim Şirketi`,
      tradeName: options.companyTitle ?? 'Ayşe Tekstil',
      taxOffice: 'Kadıköy',
    })
    .returning();
  const [trendyol] = await db.select().from(marketplaces).where(eq(marketplaces.code, 'trendyol'));
  const [integration] = await db
    .insert(integrations)
    .values({
      customerId: seller.customerId,
      marketplaceId: trendyol!.id,
      storeName: options.storeName ?? 'Ayşe Butik',
      storeLink: 'https://www.trendyol.com/magaza/ayse-butik-m-1',
      publicFields: { seller_id: '123456' },
      secretsEncrypted: storedSecret,
      companyId: company!.id,
    })
    .returning();
  // Sparser than what completion writes, as an older snapshot may be: the page must cope with what is there.
  const submittedStore = {
    id: integration!.id,
    marketplace_id: trendyol!.id,
    marketplace_code: 'trendyol',
    marketplace_name: trendyol!.name,
    store_name: integration!.storeName,
    company_id: company!.id,
    // Never expected in a snapshot; here to prove the page would not pass it on.
    api_secret: storedSecret,
  };
  const snapshot: StoredSnapshot = {
    integrations: [submittedStore],
    company: { id: company!.id, trade_name: company!.tradeName, tax_number: company!.taxNumber },
  };
  const [application] = await db
    .insert(applications)
    .values({
      customerId: seller.customerId,
      status,
      step: 3,
      reachedStepTwo: true,
      submittedAt: status === 'not_completed' ? null : submittedAt,
      submittedSnapshot: status === 'not_completed' ? null : snapshot,
      createdAt: new Date(submittedAt.getTime() - 60_000),
    })
    .returning();
  await db.insert(plans).values(
    planRow(application!.id, seller.customerId, {
      averageMonthlyTurnover: 500_000_00,
      estimatedStockPurchase: 400_000_00,
      estimatedSalesTurnover: 900_000_00,
      durationWeeks: options.durationWeeks ?? 6,
      paymentStartWeek: 2,
    }),
  );
  if (status !== 'not_completed') {
    await db.insert(applicationEvents).values({
      applicationId: application!.id,
      actorId: seller.customerId,
      actorRole: 'customer',
      action: 'submitted',
      createdAt: submittedAt,
    });
  }
  return { applicationId: application!.id, companyId: company!.id, integrationId: integration!.id };
}

/** The contact (skip-step) form, with or without an application. */
export async function saveContactForm(
  ctx: TestContext,
  seller: Pick<RegisteredCustomer, 'customerId'>,
  options: { applicationId?: string; storeName?: string; createdAt?: Date } = {},
): Promise<string> {
  const [form] = await ctx.database.db
    .insert(contactForms)
    .values({
      customerId: seller.customerId,
      applicationId: options.applicationId ?? null,
      salesChannels: ['marketplace', 'own_website'],
      monthlyRevenueBand: '500k_1m',
      ecommerceDurationBand: '1y_5y',
      bestSellingStoreName: options.storeName ?? 'Ayşe Butik',
      headquartersCityId: 34,
      note: 'Öğleden sonra aranmak istiyor.',
      createdAt: options.createdAt ?? new Date(),
    })
    .returning({ id: contactForms.id });
  return form!.id;
}

/** Messages sent to an address, newest first; waits a little for the delivery queue. */
export async function sentTo(ctx: TestContext, to: string, channel: 'sms' | 'email', minimum = 1) {
  const until = Date.now() + 3_000;
  for (;;) {
    const rows = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, to), eq(outboxMessages.channel, channel)))
      .orderBy(desc(outboxMessages.createdAt));
    if (rows.length >= minimum || Date.now() > until) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
