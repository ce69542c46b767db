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

export const terms = pgTable(
  'terms',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    termType: text('term_type', { enum: ['consent', 'disclosure', 'electronic_message', 'more_info'] }).notNull(),
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
