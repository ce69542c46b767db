import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Messages kept instead of being sent while DELIVERY=outbox (never in production). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
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
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  authType: text('auth_type', { enum: ['api_key', 'oauth'] }).notNull(),
  sortOrder: smallint('sort_order').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
});

/** The legal texts the portal shows; registration records the accepted version of the first three. */
export const termTypes = ['consent', 'disclosure', 'electronic_message', 'more_info'] as const;
export type TermType = (typeof termTypes)[number];

export const terms = pgTable(
  'terms',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    termType: text('term_type', { enum: termTypes }).notNull(),
    language: text('language', { enum: ['tr', 'en'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('terms_type_language_version_idx').on(table.termType, table.language, table.version)],
);

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
    data: jsonb('data'),
  },
);

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

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
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
    preferredLanguage: text('preferred_language', { enum: ['tr', 'en'] }).notNull().default('tr'),
    consents: jsonb('consents').$type<CustomerConsents>().notNull(),
    utm: jsonb('utm').$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** Opaque refresh tokens, stored as SHA-256; each refresh rotates within one family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
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
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_customer_idx').on(table.customerId),
  ],
);

export const verificationPurposes = ['phone', 'email_verify', 'email_change'] as const;
export type VerificationPurpose = (typeof verificationPurposes)[number];

/** Six-digit codes sent by SMS or e-mail, stored as an HMAC; only the newest of a purpose counts. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
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
