import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyInput, companyView, idCheck, validateNationalIdBody, validateTaxNumberBody } from '@worq/domain/wire/company';
import type { Db } from '../../db/client.ts';
import { checkNationalId, checkTaxNumber, toCompanyView, upsertCompany } from './service.ts';

const bearer = [{ bearer: [] }];

/** Company details of the seller's stores (API.md "Marketplaces and companies"). */
export const companyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/company/upsert',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['company'],
        summary: 'Saves a company; one with the same tax number can no longer change (409 company_locked)',
        security: bearer,
        body: companyInput,
        response: { 200: companyView },
      },
    },
    async (request) => toCompanyView(await upsertCompany(db, request.user!.customer_id, request.body)),
  );

  app.post(
    '/company/validate_vkn',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['company'],
        summary: 'Checks a tax number: 10 digits and the VKN checksum',
        security: bearer,
        body: validateTaxNumberBody,
        response: { 200: idCheck },
      },
    },
    async (request) => checkTaxNumber(request.language, request.body.tax_number),
  );

  app.post(
    '/company/validate_tckn',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['company'],
        summary: 'Checks a national id: 11 digits and the TCKN checksum',
        security: bearer,
        body: validateNationalIdBody,
        response: { 200: idCheck },
      },
    },
    async (request) => checkNationalId(request.language, request.body.national_id),
  );
};
