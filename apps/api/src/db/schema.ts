import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// The value lists the API answers with are the wire's (packages/domain/src/wire); the columns take them as enums.
import { actorRoles, applicationEventActions } from '@worq/domain/wire/admin';
import type { salesChannels } from '@worq/domain/wire/application';
import { applicationStatuses, ecommerceDurationBands, monthlyRevenueBands } from '@worq/domain/wire/application';
import { integrationStatuses } from '@worq/domain/wire/marketplace';
import { contactPreferences, supportTopics } from '@worq/domain/wire/support';
import { termTypes } from '@worq/domain/wire/terms';
import { taskTypes, type TaskResult } from '@worq/domain/wire/tasks';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Messages kept instead of being sent while DELIVERY=outbox (never in production). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_messages_to_idx').on(table.to, table.createdAt)],
);

export const cities = pgTable('cities', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  plateCode: smallint('plate_code').notNull().unique(),
});

export const marketplaces = pgTable('marketplaces', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  authType: text('auth_type', { enum: ['api_key', 'oauth'] }).notNull(),
  sortOrder: smallint('sort_order').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
});

/** The legal texts the portal shows; registration records the accepted version of the first three. */
export type TermType = (typeof termTypes)[number];

export const terms = pgTable(
  'terms',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    termType: text('term_type', { enum: termTypes }).notNull(),
    language: text('language', { enum: ['tr', 'en'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** What changed since the previous version, shown to sellers asked to accept it; null for seeded texts. */
    changeNote: text('change_note'),
    /** The expert who published this version from the back-office; null for seeded texts. */
    publishedBy: uuid('published_by').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('terms_type_language_version_idx').on(table.termType, table.language, table.version)],
);

export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  data: jsonb('data'),
});

/* ---------- Accounts (ARCHITECTURE.md §4 "Identity and sessions") ---------- */

export const customerRoles = ['customer', 'expert'] as const;
export type CustomerRole = (typeof customerRoles)[number];

/** What a customer agreed to at registration: the term version shown and when it was accepted. */
export interface ConsentRecord {
  accepted: boolean;
  term_version: number | null;
  accepted_at: string | null;
}
export interface CustomerConsents {
  disclosure: ConsentRecord;
  explicit_consent: ConsentRecord;
  commercial_electronic_message: ConsentRecord;
}

export const customers = pgTable('customers', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** Always stored lower-cased and trimmed (normalizeEmail), so the unique index is case-blind. */
  email: text('email').notNull().unique(),
  /** `scrypt$N$r$p$salt$hash`; null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  /** Ten digits (5XXXXXXXXX); null until a Google sign-up gives one. */
  phoneNumber: text('phone_number'),
  isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
  isEmailVerified: boolean('is_email_verified').notNull().default(false),
  role: text('role', { enum: customerRoles }).notNull().default('customer'),
  preferredLanguage: text('preferred_language', { enum: ['tr', 'en'] })
    .notNull()
    .default('tr'),
  consents: jsonb('consents').$type<CustomerConsents>().notNull(),
  utm: jsonb('utm').$type<Record<string, string>>(),
  /** Google's subject id (`sub`) of the Google account linked first; later Google sign-ins must match it. */
  googleSub: text('google_sub').unique(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque refresh tokens, stored as SHA-256; each refresh rotates within one family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_customer_idx').on(table.customerId)],
);

export const verificationPurposes = ['phone', 'email_verify', 'email_change'] as const;
export type VerificationPurpose = (typeof verificationPurposes)[number];

/** Six-digit codes sent by SMS or e-mail, stored as an HMAC; only the newest of a purpose counts. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: verificationPurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The phone number or e-mail address the code was sent to. */
    target: text('target').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_customer_purpose_idx').on(table.customerId, table.purpose, table.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_customer_idx').on(table.customerId)],
);

/* ---------- Store connections, companies and background tasks (issue 4) ---------- */

export const companyTypes = [1, 2, 3] as const; // 1 sole proprietorship, 2 joint stock, 3 limited liability

export const companies = pgTable(
  'companies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    taxNumber: text('tax_number').notNull(),
    officialFullName: text('official_full_name').notNull(),
    tradeName: text('trade_name').notNull(),
    taxOffice: text('tax_office').notNull(),
    nationalId: text('national_id'),
    birthDate: text('birth_date'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('companies_customer_tax_number_idx').on(table.customerId, table.taxNumber)],
);

export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    marketplaceId: uuid('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    storeName: text('store_name').notNull(),
    storeLink: text('store_link'),
    region: text('region'),
    /** Non-secret identifiers the seller typed (seller id, merchant id, store URL …). */
    publicFields: jsonb('public_fields').$type<Record<string, string>>().notNull().default({}),
    /** Secret fields and tokens, AES-256-GCM encrypted (never returned by any endpoint). */
    secretsEncrypted: text('secrets_encrypted'),
    status: text('status', { enum: integrationStatuses }).notNull().default('active'),
    isActive: boolean('is_active').notNull().default(true),
    isUpdated: boolean('is_updated').notNull().default(true),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('integrations_customer_idx').on(table.customerId)],
);

export const taskStatuses = ['pending', 'running', 'succeeded', 'failed'] as const;

/** Background tasks (ARCHITECTURE.md §4): durable rows, taken with FOR UPDATE SKIP LOCKED. */
export const backgroundTasks = pgTable(
  'background_tasks',
  {
    /** The request_id the browser follows on /websocket/ws/{request_id}. */
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The wire list of task types (packages/domain/src/wire/tasks.ts): a new type is added there. */
    type: text('type', { enum: taskTypes }).notNull(),
    status: text('status', { enum: taskStatuses }).notNull().default('pending'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** `{message, is_successful, data}` once finished. */
    result: jsonb('result').$type<TaskResult>(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** No task stays unfinished past this moment (2 minutes after creation). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('background_tasks_ready_idx').on(table.status, table.runAfter),
    index('background_tasks_customer_idx').on(table.customerId, table.createdAt),
  ],
);

/**
 * When a customer's task was last taken in each lane of the runner: the claim takes the oldest
 * ready task of the customer served least recently, so one customer's queue of imports never holds
 * back everyone else's (tasks/repository.ts claimTask).
 */
export const taskTurns = pgTable(
  'task_turns',
  {
    lane: text('lane').notNull(),
    /** The customer's id as text; '' for tasks without a customer. */
    customerKey: text('customer_key').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.lane, table.customerKey] })],
);

/** Single-use `state` values of the Amazon consent redirect, bound to a customer (10 minutes). */
export const amazonOauthStates = pgTable('amazon_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  region: text('region').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** The `selling_partner_id` of Amazon's redirect to /amazon-callback, as the server received it. */
  sellingPartnerId: text('selling_partner_id'),
  /** SHA-256 of the `spapi_oauth_code` that came in the same redirect. */
  codeHash: text('code_hash'),
});

/**
 * Single-use `state` values of a marketplace's OAuth consent redirect (Ideasoft; docs/decisions/
 * 007), bound to a customer, valid 10 minutes. `payload_encrypted` holds what the seller typed
 * before the redirect (store address, client id and secret …), encrypted like integration secrets,
 * so nothing of it travels through the browser.
 */
export const marketplaceOauthStates = pgTable(
  'marketplace_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    marketplaceCode: text('marketplace_code').notNull(),
    payloadEncrypted: text('payload_encrypted').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('marketplace_oauth_states_expires_idx').on(table.expiresAt)],
);

/* ---------- WorqTrade applications, plans and contact forms (issue 5) ---------- */

export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applications = pgTable(
  'applications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatuses }).notNull().default('not_completed'),
    /** 1 plan, 2 connect store, 3 summary. */
    step: smallint('step').notNull().default(1),
    isLeaved: boolean('is_leaved').notNull().default(false),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    rejectReason: text('reject_reason'),
    /** Whether the application ever reached step 2 (the navbar then lists Connections for good). */
    reachedStepTwo: boolean('reached_step_two').notNull().default(false),
    /** What the seller submitted: stores and company as they were at completion. */
    submittedSnapshot: jsonb('submitted_snapshot').$type<Record<string, unknown>>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('applications_customer_idx').on(table.customerId, table.createdAt),
    index('applications_status_idx').on(table.status, table.submittedAt),
    // At most one active application per customer (ARCHITECTURE.md §4), enforced by the database.
    uniqueIndex('applications_one_active_idx')
      .on(table.customerId)
      .where(sql`status = 'not_completed' and not is_leaved and not is_cancelled`),
  ],
);

/**
 * The pre-qualified offer and forecast the seller was shown when submitting (issue 35), in the
 * seller's language, as GET /gpp/offer served it: what the experts review next to the plan.
 */
export const applicationOfferSnapshots = pgTable('application_offer_snapshots', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  /** The stored offer (seller_offers) the snapshot was taken from; null for snapshots older than that table. */
  offerId: uuid('offer_id').references((): AnyPgColumn => sellerOffers.id, { onDelete: 'set null' }),
  policyVersion: text('policy_version').notNull(),
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/**
 * Every pre-qualified offer a seller could have seen (issue 35, ARCHITECTURE.md §6a), computed after
 * an import and on read when the seller's orders changed since the latest row. A row is added only
 * when the decision or its inputs differ from the seller's latest; a recomputation that changes
 * neither moves the latest row's orders_version, checked_at, forecast and excluded stores instead.
 */
export const sellerOffers = pgTable(
  'seller_offers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** offerPolicyVersion of packages/domain/src/offer-policy.ts. */
    policyVersion: text('policy_version').notNull(),
    /** The Istanbul day and the seller's stores as they were (insight/offer.ts ordersVersion) when last confirmed. */
    ordersVersion: text('orders_version').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    /** The last recomputation that found the same decision and inputs. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pre_qualified', 'refused'] }).notNull(),
    /** Kuruş; null when refused. */
    maxAmount: bigint('max_amount', { mode: 'number' }),
    /** The verified figures the policy read (OfferInputs). */
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    /** What the policy decided (OfferDecision): reasons, refusals, priced durations, what would raise it. */
    decision: jsonb('decision').$type<Record<string, unknown>>().notNull(),
    /** The weekly forecast with its 80 % interval (SalesForecastView); null without a full week of history. */
    forecast: jsonb('forecast').$type<Record<string, unknown>>(),
    /** Stores left out as unverified sources. */
    excludedIntegrations: jsonb('excluded_integrations').$type<Record<string, unknown>[]>().notNull().default([]),
  },
  (table) => [index('seller_offers_customer_idx').on(table.customerId, table.computedAt)],
);

/** The revenue-sharing plan (GPeT) of one application; every amount in kuruş. */
export const plans = pgTable('plans', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  applicationId: uuid('application_id')
    .notNull()
    .unique()
    .references(() => applications.id, { onDelete: 'cascade' }),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  averageMonthlyTurnover: bigint('average_monthly_turnover', { mode: 'number' }).notNull(),
  estimatedStockPurchaseAmount: bigint('estimated_stock_purchase_amount', { mode: 'number' }).notNull(),
  estimatedSalesTurnover: bigint('estimated_sales_turnover', { mode: 'number' }).notNull(),
  durationWeeks: smallint('duration_weeks').notNull(),
  paymentStartWeek: smallint('payment_start_week').notNull(),
  providerShareRateBps: integer('provider_share_rate_bps').notNull(),
  providerShareAmount: bigint('provider_share_amount', { mode: 'number' }).notNull(),
  yourShareAmount: bigint('your_share_amount', { mode: 'number' }).notNull(),
  totalPaymentAmount: bigint('total_payment_amount', { mode: 'number' }).notNull(),
  installmentCount: smallint('installment_count').notNull(),
  installmentAmount: bigint('installment_amount', { mode: 'number' }).notNull(),
  schedule: jsonb('schedule').$type<{ week: number; amount: number }[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The contact (skip-step) form: stored for the team to call back; it does not move the application. */
export const contactForms = pgTable(
  'contact_forms',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    salesChannels: jsonb('sales_channels').$type<(typeof salesChannels)[number][]>().notNull(),
    monthlyRevenueBand: text('monthly_revenue_band', { enum: monthlyRevenueBands }).notNull(),
    ecommerceDurationBand: text('ecommerce_duration_band', { enum: ecommerceDurationBands }).notNull(),
    bestSellingStoreName: text('best_selling_store_name').notNull(),
    headquartersCityId: integer('headquarters_city_id')
      .notNull()
      .references(() => cities.id),
    note: text('note'),
    /** Set by an expert once the team has called the seller back. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_forms_customer_idx').on(table.customerId, table.createdAt),
    index('contact_forms_application_idx').on(table.applicationId),
  ],
);

/** The audit trail of an application: who did what and when (shown to experts). */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => customers.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: actorRoles }).notNull(),
    action: text('action', { enum: applicationEventActions }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('application_events_application_idx').on(table.applicationId, table.createdAt)],
);

/* ---------- Message delivery queue (issue 6) ---------- */

export const messageStatuses = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Every e-mail and SMS is a row first and is sent afterwards, so a transport failure never loses
 * the message: it is retried with backoff until it is sent or its attempts run out (`failed`).
 */
export const messageQueue = pgTable(
  'message_queue',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** Which template produced it (phone_code, application_approved …), for logs and tests. */
    template: text('template'),
    language: text('language', { enum: ['tr', 'en'] }),
    status: text('status', { enum: messageStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('message_queue_ready_idx').on(table.status, table.nextAttemptAt)],
);

/* ---------- Store orders and their sync (issue 11, ARCHITECTURE.md §6) ---------- */

export const marketplaceOrderStatuses = ['created', 'preparing', 'shipped', 'delivered', 'cancelled', 'returned', 'other'] as const;

/**
 * One row per marketplace package/order of a connected store: the marketplace's id is unique per
 * store, so every sync is an idempotent upsert. No buyer personal data is stored. `order_day` is
 * the Istanbul calendar day of `ordered_at`, written with the row so that day buckets are an
 * indexed column rather than a time-zone conversion per query.
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    orderNumber: text('order_number').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    orderDay: date('order_day', { mode: 'string' }).notNull(),
    status: text('status', { enum: marketplaceOrderStatuses }).notNull(),
    /** Gross, integer kuruş (in `currency`). */
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    units: integer('units').notNull(),
    lines: jsonb('lines').$type<{ sku: string; name: string; quantity: number; amount: number }[]>().notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('marketplace_orders_store_external_idx').on(table.integrationId, table.externalId),
    index('marketplace_orders_customer_day_idx').on(table.customerId, table.orderDay),
    index('marketplace_orders_store_day_idx').on(table.integrationId, table.orderDay),
  ],
);

/**
 * The orders of each store and Istanbul day added up, by currency: what WorqInsight's totals, day
 * series, months and the forecast read instead of the orders themselves (bench/insight: a year of a
 * 200,000-order seller is about a thousand rows here). Kept by statement triggers on
 * marketplace_orders (migration 0013): every insert, update and delete of orders adds or takes
 * away its rows' figures in the same transaction. A bulk load that bypasses triggers calls
 * `marketplace_order_days_rebuild()`. `orders`, `revenue` and `units` count orders neither
 * cancelled nor returned (API.md); a day whose orders all moved away keeps a row of zeros.
 */
export const marketplaceOrderDays = pgTable(
  'marketplace_order_days',
  {
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderDay: date('order_day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull().default(0),
    /** Summed as numeric, as the figures' reads sum: never overflows (repository.ts safeSum). */
    revenue: numeric('revenue').notNull().default('0'),
    units: numeric('units').notNull().default('0'),
    cancelledOrders: integer('cancelled_orders').notNull().default(0),
    returnedOrders: integer('returned_orders').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.integrationId, table.orderDay, table.currency] }),
    index('marketplace_order_days_customer_day_idx').on(table.customerId, table.orderDay),
  ],
);

/**
 * The lines of each store's counted TRY orders added up by Istanbul day and product (SKU): what
 * WorqInsight's best-selling products read instead of every order's lines (bench/insight: 30 days of
 * a 200,000-order seller are about 5,000 rows here, not 17,000 orders' JSON). Kept by the same
 * triggers as marketplaceOrderDays (migration 0013). `lines` counts the lines added up (a row whose
 * lines all moved away keeps zeros and is not shown); `name` is the greatest name a line of that
 * day and product has carried.
 */
export const marketplaceOrderProductDays = pgTable(
  'marketplace_order_product_days',
  {
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderDay: date('order_day', { mode: 'string' }).notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    lines: integer('lines').notNull().default(0),
    units: numeric('units').notNull().default('0'),
    revenue: numeric('revenue').notNull().default('0'),
  },
  (table) => [
    primaryKey({ columns: [table.integrationId, table.orderDay, table.sku] }),
    index('marketplace_order_product_days_customer_day_idx').on(table.customerId, table.orderDay),
  ],
);

export const orderSyncStates = ['never', 'running', 'ok', 'failed'] as const;

/**
 * The order sync of one store: its state for the dashboard, the resume point of an unfinished run
 * (a run cut short by a rate limit or its time budget continues from `cursor`), the schedule, and a
 * lease so that two processes never sync the same store at once.
 */
export const orderSyncs = pgTable(
  'order_syncs',
  {
    integrationId: uuid('integration_id')
      .primaryKey()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: text('state', { enum: orderSyncStates }).notNull().default('never'),
    /** The range of the run in progress and the connector's cursor inside it (null: not started). */
    rangeFrom: timestamp('range_from', { withTimezone: true }),
    rangeTo: timestamp('range_to', { withTimezone: true }),
    cursor: text('cursor'),
    /** Counts of the run in progress (a resumed run keeps adding). */
    newOrders: integer('new_orders').notNull().default(0),
    updatedOrders: integer('updated_orders').notNull().default(0),
    /** End of the last complete run's range: the next run re-reads from a little before it. */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    oldestOrderAt: timestamp('oldest_order_at', { withTimezone: true }),
    /** Message key (packages/domain messages) of the last failure or pause, and its parameters. */
    message: text('message'),
    messageParams: jsonb('message_params').$type<Record<string, string | number>>(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The Istanbul day the import counters below belong to (importLimits in insight/sync.ts). */
    quotaDay: date('quota_day', { mode: 'string' }),
    /** Pages read and orders received for this store on `quota_day`, across runs. */
    dayPages: integer('day_pages').notNull().default(0),
    dayOrders: integer('day_orders').notNull().default(0),
    /**
     * A new store imports its most recent weeks first, then the older history: while that older part
     * is still to be read, the end of it (the start of what is already imported). Null: nothing older to read.
     */
    backfillBefore: timestamp('backfill_before', { withTimezone: true }),
    /** Orders of the last complete run that could not be classified (status `other`) or read at all. */
    unclassifiedOrders: integer('unclassified_orders').notNull().default(0),
    /** When a saved page last inserted or changed one of the store's orders (the stored offer's orders version). */
    ordersChangedAt: timestamp('orders_changed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_syncs_due_idx').on(table.nextRunAt), index('order_syncs_customer_idx').on(table.customerId)],
);

/* ---------- Repayments after approval (issue 16) ---------- */

/**
 * An approved application's installments, fixed in Istanbul calendar days at approval: a later
 * change of rates or of the plan calculator never moves a date or an amount the seller was given.
 */
export const repaymentInstallments = pgTable(
  'repayment_installments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('repayment_installments_application_number_idx').on(table.applicationId, table.number),
    index('repayment_installments_due_idx').on(table.dueDate),
  ],
);

/** A collection an expert recorded; how it was spread over installments is in `allocations`. */
export const repaymentPayments = pgTable(
  'repayment_payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    note: text('note'),
    allocations: jsonb('allocations').$type<{ number: number; amount: number }[]>().notNull(),
    recordedBy: uuid('recorded_by').references(() => customers.id, { onDelete: 'set null' }),
    /** The client's key of one submission (Idempotency-Key): a repeat with the same key records nothing new. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('repayment_payments_application_idx').on(table.applicationId, table.createdAt),
    uniqueIndex('repayment_payments_idempotency_idx').on(table.applicationId, table.idempotencyKey),
  ],
);

export const repaymentReminderKinds = ['due_in_two_days'] as const;

/**
 * One row per reminder sent: the primary key makes a second sender's insert a no-op, and the
 * messages are queued in the same transaction, so several processes never send one twice.
 */
export const repaymentReminders = pgTable(
  'repayment_reminders',
  {
    installmentId: uuid('installment_id')
      .notNull()
      .references(() => repaymentInstallments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: repaymentReminderKinds }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.installmentId, table.kind] })],
);

/* ---------- Support requests (issue 16) ---------- */

/** The built-in support form (when no chat is configured): listed for experts to call back. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: supportTopics }).notNull(),
    message: text('message').notNull(),
    contactPreference: text('contact_preference', { enum: contactPreferences }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_requests_handled_idx').on(table.handledAt, table.createdAt)],
);

/* ---------- After funding (issue 36) ---------- */

export const fundingWatchStates = ['active', 'repaid'] as const;

/**
 * One row per approved application: its baseline at approval (the forecast and the return rate the
 * offer read then) and the figures the warning rules last computed, which the experts' portfolio
 * reads as they are (funding-watch in apps/api). `next_check_at` is the schedule: a process claims
 * due rows with SKIP LOCKED and moves them forward, so two processes never check one application at once.
 */
export const fundingWatch = pgTable(
  'funding_watch',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    approvalDay: date('approval_day', { mode: 'string' }).notNull(),
    /** The company as the seller submitted it, for the portfolio's rows and search. */
    companyTitle: text('company_title'),
    /** approval: computed when the expert approved; submission: the offer snapshot's; none: no forecast. */
    baselineSource: text('baseline_source', { enum: ['approval', 'submission', 'none'] }).notNull(),
    forecastMethod: text('forecast_method', { enum: ['ets', 'seasonal_naive', 'stopped'] }),
    /** Week 1 = the approval week: the forecast's expected value and 80 % interval, kuruş. */
    forecastWeeks: jsonb('forecast_weeks').$type<{ expected: number; low: number; high: number }[]>().notNull().default([]),
    returnRateAtApproval: doublePrecision('return_rate_at_approval'),
    state: text('state', { enum: fundingWatchStates }).notNull().default('active'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    fundedAmount: bigint('funded_amount', { mode: 'number' }).notNull().default(0),
    totalPaymentAmount: bigint('total_payment_amount', { mode: 'number' }).notNull().default(0),
    remainingAmount: bigint('remaining_amount', { mode: 'number' }).notNull().default(0),
    salesVsPlan2w: doublePrecision('sales_vs_plan_2w'),
    salesVsPlan4w: doublePrecision('sales_vs_plan_4w'),
    lateInstallments: integer('late_installments').notNull().default(0),
    connectionHealth: text('connection_health', { enum: ['ok', 'stale', 'disconnected', 'no_store'] })
      .notNull()
      .default('ok'),
    daysSinceLastOrder: integer('days_since_last_order'),
    returnRate: doublePrecision('return_rate'),
    unverifiedStores: integer('unverified_stores').notNull().default(0),
    openWarnings: jsonb('open_warnings').$type<string[]>().notNull().default([]),
    riskScore: integer('risk_score').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('funding_watch_due_idx').on(table.nextCheckAt), index('funding_watch_risk_idx').on(table.state, table.riskScore)],
);

/**
 * A warning raised by a rule (packages/domain/src/funding-watch.ts) with its evidence. At most one
 * open warning per application and code (the partial unique index): a rule that stays true raises
 * nothing new, and one that comes back after clearing raises a new row.
 */
export const fundingWarnings = pgTable(
  'funding_warnings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('funding_warnings_open_idx')
      .on(table.applicationId, table.code)
      .where(sql`cleared_at is null`),
    index('funding_warnings_application_idx').on(table.applicationId, table.raisedAt),
  ],
);
