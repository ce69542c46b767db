import { and, asc, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { amazonOauthStates, companies, customers, integrations, marketplaceOauthStates, marketplaces } from '../../db/schema.ts';

export type Marketplace = typeof marketplaces.$inferSelect;
export type Integration = typeof integrations.$inferSelect;
export type IntegrationStatus = Integration['status'];

/** An integration with what the list shows next to it. */
export interface ListedIntegration {
  integration: Integration;
  marketplaceCode: string;
  marketplaceName: string;
  companyOfficialName: string | null;
  companyTitle: string | null;
}

export async function listMarketplaces(db: Db): Promise<Marketplace[]> {
  return db.select().from(marketplaces).where(eq(marketplaces.isEnabled, true)).orderBy(asc(marketplaces.sortOrder));
}

export async function findMarketplace(db: Db, id: string): Promise<Marketplace | undefined> {
  const [row] = await db.select().from(marketplaces).where(eq(marketplaces.id, id)).limit(1);
  return row;
}

export async function findIntegration(db: Db, customerId: string, id: string): Promise<Integration | undefined> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.customerId, customerId)))
    .limit(1);
  return row;
}

export async function findIntegrationsByIds(db: Db, customerId: string, ids: string[]): Promise<Integration[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(integrations)
    .where(and(eq(integrations.customerId, customerId), inArray(integrations.id, ids)));
}

export async function listIntegrations(
  db: Db,
  customerId: string,
  filter: { statuses?: IntegrationStatus[]; ids?: string[] } = {},
): Promise<ListedIntegration[]> {
  const rows = await db
    .select({
      integration: integrations,
      marketplaceCode: marketplaces.code,
      marketplaceName: marketplaces.name,
      companyOfficialName: companies.officialFullName,
      companyTitle: companies.tradeName,
    })
    .from(integrations)
    .innerJoin(marketplaces, eq(marketplaces.id, integrations.marketplaceId))
    .leftJoin(companies, eq(companies.id, integrations.companyId))
    .where(
      and(
        eq(integrations.customerId, customerId),
        filter.statuses && filter.statuses.length > 0 ? inArray(integrations.status, filter.statuses) : undefined,
        filter.ids ? inArray(integrations.id, filter.ids.length > 0 ? filter.ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    )
    .orderBy(desc(integrations.connectedAt), asc(integrations.id));
  return rows;
}

export async function hasAnyIntegration(db: Db, customerId: string): Promise<boolean> {
  const rows = await db.select({ id: integrations.id }).from(integrations).where(eq(integrations.customerId, customerId)).limit(1);
  return rows.length > 0;
}

/** The customer's other integrations on one marketplace, to refuse connecting the same store twice. */
export async function integrationsOnMarketplace(db: Db, customerId: string, marketplaceId: string): Promise<Integration[]> {
  return db
    .select()
    .from(integrations)
    .where(and(eq(integrations.customerId, customerId), eq(integrations.marketplaceId, marketplaceId)));
}

/** Inserts with a chosen id; a repeated run of the same task finds its row instead of a duplicate. */
export async function insertIntegration(db: Db, values: typeof integrations.$inferInsert): Promise<Integration | undefined> {
  const [row] = await db.insert(integrations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateIntegration(
  db: Db,
  customerId: string,
  id: string,
  values: Partial<typeof integrations.$inferInsert>,
): Promise<Integration | undefined> {
  const [row] = await db
    .update(integrations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(integrations.id, id), eq(integrations.customerId, customerId)))
    .returning();
  return row;
}

export async function deleteIntegration(db: Db, customerId: string, id: string): Promise<void> {
  await db.delete(integrations).where(and(eq(integrations.id, id), eq(integrations.customerId, customerId)));
}

/** Links integrations to a company, but only those still without one (a company is never replaced). */
export async function linkCompany(db: Db, customerId: string, ids: string[], companyId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(integrations)
    .set({ companyId, updatedAt: new Date() })
    .where(
      and(
        eq(integrations.customerId, customerId),
        inArray(integrations.id, ids),
        or(isNull(integrations.companyId), eq(integrations.companyId, companyId)),
      ),
    );
}

/**
 * Claims the active integrations due for a health check by stamping last_checked_at in the same
 * statement, so several processes running the schedule never check one integration twice.
 */
export async function claimIntegrationsDueForCheck(
  db: Db,
  now: Date,
  olderThan: Date,
  limit = 500,
): Promise<{ id: string; customerId: string }[]> {
  const due = db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(eq(integrations.status, 'active'), or(isNull(integrations.lastCheckedAt), lt(integrations.lastCheckedAt, olderThan))))
    .limit(limit);
  return db
    .update(integrations)
    .set({ lastCheckedAt: now })
    .where(
      and(
        inArray(integrations.id, due),
        eq(integrations.status, 'active'),
        or(isNull(integrations.lastCheckedAt), lt(integrations.lastCheckedAt, olderThan)),
      ),
    )
    .returning({ id: integrations.id, customerId: integrations.customerId });
}

export async function preferredLanguageOf(db: Db, customerId: string): Promise<'tr' | 'en'> {
  const [row] = await db.select({ language: customers.preferredLanguage }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.language ?? 'tr';
}

export async function insertAmazonState(
  db: Db,
  values: { stateHash: string; customerId: string; region: string; expiresAt: Date },
): Promise<void> {
  await db.insert(amazonOauthStates).values(values);
}

/** What a used-up Amazon state held: the region chosen, and what Amazon's redirect brought (if it came through us). */
export interface UsedAmazonState {
  region: string;
  sellingPartnerId: string | null;
  codeHash: string | null;
}

/** Uses a state once; undefined when unknown, another customer's, used or expired. */
export async function useAmazonState(db: Db, customerId: string, stateHash: string, now: Date): Promise<UsedAmazonState | undefined> {
  const [row] = await db
    .update(amazonOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(amazonOauthStates.stateHash, stateHash),
        eq(amazonOauthStates.customerId, customerId),
        isNull(amazonOauthStates.usedAt),
        gt(amazonOauthStates.expiresAt, now),
      ),
    )
    .returning({
      region: amazonOauthStates.region,
      sellingPartnerId: amazonOauthStates.sellingPartnerId,
      codeHash: amazonOauthStates.codeHash,
    });
  return row;
}

/**
 * Writes what Amazon's consent redirect brought onto its (live, unused) state, once: the first
 * redirect for a state is the one kept. False when there was no such state or it was written already.
 */
export async function recordAmazonRedirect(
  db: Db,
  values: { stateHash: string; sellingPartnerId: string; codeHash: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(amazonOauthStates)
    .set({ sellingPartnerId: values.sellingPartnerId, codeHash: values.codeHash })
    .where(
      and(
        eq(amazonOauthStates.stateHash, values.stateHash),
        isNull(amazonOauthStates.usedAt),
        isNull(amazonOauthStates.codeHash),
        gt(amazonOauthStates.expiresAt, now),
      ),
    )
    .returning({ stateHash: amazonOauthStates.stateHash });
  return rows.length > 0;
}

/** Drops states that can no longer be used, so the table stays small. */
export async function deleteStaleAmazonStates(db: Db, now: Date): Promise<void> {
  await db.delete(amazonOauthStates).where(or(lt(amazonOauthStates.expiresAt, now), lt(amazonOauthStates.usedAt, now)));
}

/**
 * Replaces an integration's encrypted secrets with `merge(current)` under a row lock, so two
 * rotations saved at once (a health check and an order sync) do not lose one another's fields.
 */
export async function updateIntegrationSecrets(
  db: Db,
  customerId: string,
  id: string,
  merge: (currentEncrypted: string | null) => string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secretsEncrypted: integrations.secretsEncrypted })
      .from(integrations)
      .where(and(eq(integrations.id, id), eq(integrations.customerId, customerId)))
      .for('update');
    if (!row) return false;
    await tx
      .update(integrations)
      .set({ secretsEncrypted: merge(row.secretsEncrypted), updatedAt: new Date() })
      .where(and(eq(integrations.id, id), eq(integrations.customerId, customerId)));
    return true;
  });
}

/* ---------- OAuth states of other marketplaces (Ideasoft) ---------- */

export async function insertOauthState(
  db: Db,
  values: { stateHash: string; customerId: string; marketplaceCode: string; payloadEncrypted: string; expiresAt: Date },
): Promise<void> {
  await db.insert(marketplaceOauthStates).values(values);
}

/**
 * Uses a state once: its encrypted payload, or undefined when unknown, of another marketplace or
 * customer, used or expired. One statement, so two callbacks racing for it cannot both win.
 */
export async function useOauthState(
  db: Db,
  customerId: string,
  marketplaceCode: string,
  stateHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(marketplaceOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(marketplaceOauthStates.stateHash, stateHash),
        eq(marketplaceOauthStates.customerId, customerId),
        eq(marketplaceOauthStates.marketplaceCode, marketplaceCode),
        isNull(marketplaceOauthStates.usedAt),
        gt(marketplaceOauthStates.expiresAt, now),
      ),
    )
    .returning({ payloadEncrypted: marketplaceOauthStates.payloadEncrypted });
  return row?.payloadEncrypted;
}

/** Drops states that can no longer be used (their encrypted payloads with them). */
export async function deleteStaleOauthStates(db: Db, now: Date): Promise<void> {
  await db.delete(marketplaceOauthStates).where(or(lt(marketplaceOauthStates.expiresAt, now), lt(marketplaceOauthStates.usedAt, now)));
}
