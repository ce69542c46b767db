/** What the insight module offers other modules (eslint: modules import each other only through public.ts). */
export { storePerformance } from './sales-history.ts';
export { offerRoutes } from './offer-routes.ts';
export { sellerOffer } from './offer.ts';
export { findOfferSnapshot, snapshotOffer } from './offer-snapshot.ts';
