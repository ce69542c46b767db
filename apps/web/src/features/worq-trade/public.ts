/*
 * What other features may use from WorqTrade: WorqInsight shows the seller's pre-qualified offer and
 * opens the plan with it chosen. Everything else in this folder stays private (the lint allows only
 * this file across the feature boundary).
 */
export { offerPlanPath, useOffer, type OfferView } from './api/offer.ts';
