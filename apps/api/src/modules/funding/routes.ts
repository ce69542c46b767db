import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParams } from '@worq/domain/wire/admin';
import { performanceView, portfolioPage, portfolioQuery, portfolioSummaryView, warningList } from '@worq/domain/wire/funding';
import { repaymentsParams } from '@worq/domain/wire/repayment';
import { AppError } from '../../plugins/errors.ts';
import { portfolioCsvHeader, portfolioCsvRows } from './portfolio-csv.ts';
import { portfolioPage as readPortfolio, portfolioRows, portfolioSummary, warningsOf } from './portfolio.ts';
import { figuresOf, isOwnApprovedApplication, type WatchContext } from './watch.ts';

const bearer = [{ bearer: [] }];
const notFound = () => new AppError(404, 'application_not_found', { messageKey: 'repayments_not_found' });

/** After funding (API.md "After funding"): the seller's standing, and the experts' portfolio. */
export const fundingRoutes: FastifyPluginAsyncZod<{ watch: Omit<WatchContext, 'log'> }> = async (app, { watch }) => {
  const ctx: WatchContext = { ...watch, log: app.log };
  const { db } = ctx;

  app.get(
    '/application/:id/performance',
    {
      preHandler: app.requireVerified,
      schema: {
        tags: ['application'],
        summary: 'Sales since approval against the plan and the forecast at approval, for the caller’s approved application',
        description:
          'Week 1 starts on the approval day (Istanbul), like the repayment schedule. A week is served once it is over and every verified store synced after it; before that its sales are null, never zero. Stores on an unverified source are shown apart and enter no figure. 404 until approved, and for anybody else’s application.',
        security: bearer,
        params: repaymentsParams,
        response: { 200: performanceView },
      },
    },
    async (request) => {
      // Owner check first: another seller's id answers exactly like a missing one.
      const owned = await isOwnApprovedApplication(db, request.user!.customer_id, request.params.id);
      if (!owned) throw notFound();
      const found = await figuresOf(ctx, request.params.id, new Date());
      if (!found) throw notFound();
      return found.figures.view;
    },
  );

  app.get(
    '/admin/portfolio',
    {
      preHandler: app.requireExpert,
      schema: {
        tags: ['back-office'],
        summary: 'Every funded application with its sales against plan, repayments, store health and open warnings',
        description:
          'Figures as the warning rules last computed them (checked_at), on the order-sync schedule. sort=risk (default) puts the highest risk score first.',
        security: bearer,
        querystring: portfolioQuery,
        response: { 200: portfolioPage },
      },
    },
    async (request) => readPortfolio(db, request.query),
  );

  app.get(
    '/admin/portfolio.csv',
    {
      preHandler: app.requireExpert,
      schema: {
        tags: ['back-office'],
        summary: 'The portfolio as CSV (same filters and order as GET /admin/portfolio, every page)',
        description:
          'UTF-8 with a byte order mark, CRLF lines, RFC 4180 quoting; text that a spreadsheet would run as a formula is prefixed with an apostrophe. Header in the request language. At most 50,000 rows.',
        security: bearer,
        querystring: portfolioQuery.omit({ page: true, pagesize: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      let body = portfolioCsvHeader(request.language);
      let batch = [];
      for await (const row of portfolioRows(db, request.query)) {
        batch.push(row);
        if (batch.length === 500) {
          body += portfolioCsvRows(batch);
          batch = [];
        }
      }
      body += portfolioCsvRows(batch);
      const day = new Date().toISOString().slice(0, 10);
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="portfolio-${day}.csv"`)
        .header('cache-control', 'no-store');
      return body;
    },
  );

  app.get(
    '/admin/portfolio/summary',
    {
      preHandler: app.requireExpert,
      schema: {
        tags: ['back-office'],
        summary: 'Open warnings across the funded applications, for the back-office badge',
        security: bearer,
        response: { 200: portfolioSummaryView },
      },
    },
    async () => portfolioSummary(db),
  );

  app.get(
    '/admin/applications/:id/warnings',
    {
      preHandler: app.requireExpert,
      schema: {
        tags: ['back-office'],
        summary: 'The warnings of a funded application with their evidence: open first, then the newest',
        security: bearer,
        params: adminIdParams,
        response: { 200: warningList },
      },
    },
    async (request) => warningsOf(db, request.params.id),
  );
};
