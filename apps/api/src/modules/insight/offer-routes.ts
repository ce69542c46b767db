import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offerPolicyVersion } from '@worq/domain/offer-policy';
import { offerView as offerViewSchema } from '@worq/domain/wire/offer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sellerOffer } from './offer.ts';

export interface OfferRoutesOptions {
  db: Db;
  config: Pick<Config, 'storeHostSuffixes'>;
}

const bearer = [{ bearer: [] }];

/** The pre-qualified offer and the sales forecast (issue 35, ARCHITECTURE.md §6a). */
export const offerRoutes: FastifyPluginAsyncZod<OfferRoutesOptions> = async (app, options) => {
  const { db, config } = options;

  app.get(
    '/gpp/offer',
    {
      preHandler: app.requireVerified,
      config: app.customerRateLimit('insightRead'),
      schema: {
        tags: ['plan'],
        summary: "The seller's pre-qualified offer (up to ₺X, three priced durations, reasons) and the 12-week sales forecast",
        description: `Policy ${offerPolicyVersion}. Only verified stores count; unverified ones are listed in excluded_integrations. A pre-qualification subject to the experts' review, never a promise. Stored (seller_offers) after each completed import; served from the stored row while the seller's orders are as they were, otherwise computed, stored and served. sales_scenarios give the plan's estimated sales for 4, 6 and 8 weeks (slow, expected, fast).`,
        security: bearer,
        response: { 200: offerViewSchema },
      },
    },
    async (request) => sellerOffer(db, request.user!.customer_id, new Date(), config.storeHostSuffixes, request.language),
  );
};
