/**
 * The offer a seller saw when submitting an application (issue 35): stored once at submission, in
 * the seller's language and as GET /gpp/offer served it (the same stored offer, whose id it keeps),
 * with its policy version, inputs and forecast, so the experts review what the seller was shown,
 * not today's figures.
 */
import { eq } from 'drizzle-orm';
import type { Language } from '@worq/domain/language';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import type { OfferView } from '@worq/domain/wire/offer';
import type { Db } from '../../db/client.ts';
import { applicationOfferSnapshots } from '../../db/schema.ts';
import { sellerOffer } from './offer.ts';

export async function snapshotOffer(
  db: Db,
  customerId: string,
  applicationId: string,
  now: Date,
  hostSuffixes: StoreHostSuffixes,
  language: Language,
): Promise<void> {
  const offer = await sellerOffer(db, customerId, now, hostSuffixes, language);
  await db
    .insert(applicationOfferSnapshots)
    .values({
      applicationId,
      offerId: offer.offer_id,
      policyVersion: offer.policy_version,
      snapshot: offer as unknown as Record<string, unknown>,
    })
    .onConflictDoNothing();
}

export async function findOfferSnapshot(db: Db, applicationId: string): Promise<OfferView | null> {
  const [row] = await db
    .select({ offerId: applicationOfferSnapshots.offerId, snapshot: applicationOfferSnapshots.snapshot })
    .from(applicationOfferSnapshots)
    .where(eq(applicationOfferSnapshots.applicationId, applicationId));
  // Snapshots kept before offers were stored have no offer id.
  return row ? ({ ...row.snapshot, offer_id: row.offerId } as unknown as OfferView) : null;
}
