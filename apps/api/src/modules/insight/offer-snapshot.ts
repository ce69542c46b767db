/**
 * The offer a seller saw when submitting an application (issue 35): stored once at submission, in
 * the seller's language and as GET /gpp/offer served it (the same 5-minute cache), with its policy
 * version, inputs and forecast, so the experts review what the seller was shown, not today's figures.
 */
import { eq } from 'drizzle-orm';
import type { Language } from '@worq/domain/language';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import type { OfferView } from '@worq/domain/wire/offer';
import type { Db } from '../../db/client.ts';
import { applicationOfferSnapshots } from '../../db/schema.ts';
import { sellerOffer, type OfferCache } from './offer.ts';

export async function snapshotOffer(
  db: Db,
  cache: OfferCache,
  customerId: string,
  applicationId: string,
  now: Date,
  hostSuffixes: StoreHostSuffixes,
  language: Language,
): Promise<void> {
  const offer = await sellerOffer(db, cache, customerId, now, hostSuffixes, language);
  await db
    .insert(applicationOfferSnapshots)
    .values({ applicationId, policyVersion: offer.policy_version, snapshot: offer as unknown as Record<string, unknown> })
    .onConflictDoNothing();
}

export async function findOfferSnapshot(db: Db, applicationId: string): Promise<OfferView | null> {
  const [row] = await db
    .select({ snapshot: applicationOfferSnapshots.snapshot })
    .from(applicationOfferSnapshots)
    .where(eq(applicationOfferSnapshots.applicationId, applicationId));
  return row ? (row.snapshot as unknown as OfferView) : null;
}
