import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeTermList, publishBody, termFilterAnswer, termFilterQuery, termVersionList, termVersionView } from '@worq/domain/wire/terms';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { fillPlaceholders, type LegalEntity } from './placeholders.ts';
import { publishTerm, termHistory } from './publishing.ts';
import { activeTerms } from './service.ts';

/** Public legal texts (no sign-in needed: the registration form shows them), and their publishing. */
export const termsRoutes: FastifyPluginAsyncZod<{ db: Db; legalEntity: LegalEntity }> = async (app, { db, legalEntity }) => {
  app.get(
    '/customer/get_active_terms',
    {
      schema: {
        tags: ['customer'],
        summary: 'The latest active version of every legal text, in the request language',
        response: { 200: activeTermList },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'accept-language').header('cache-control', 'no-cache');
      const active = await activeTerms(db, request.language);
      return active.map((term) => ({ ...term, content: fillPlaceholders(term.content, legalEntity) }));
    },
  );

  app.get(
    '/customer/term_filter',
    {
      schema: {
        tags: ['customer'],
        summary: 'One legal text by type, in the request language',
        querystring: termFilterQuery,
        response: { 200: termFilterAnswer },
      },
    },
    async (request, reply) => {
      const [term] = await activeTerms(db, request.language, request.query.term_type);
      if (!term) throw new AppError(404, 'not_found');
      reply.header('vary', 'accept-language').header('cache-control', 'no-cache');
      return { term_type: term.term_type, content: fillPlaceholders(term.content, legalEntity) };
    },
  );

  app.get(
    '/admin/terms',
    {
      preHandler: app.requireExpert,
      schema: {
        tags: ['back-office'],
        summary: 'Every version of every legal text, newest first within each type, in both languages',
        description: 'Contents are as stored: {{controller}} and {{controller_contact}} are filled in only when served to sellers.',
        security: [{ bearer: [] }],
        response: { 200: termVersionList },
      },
    },
    async () => termHistory(db),
  );

  app.post(
    '/admin/terms',
    {
      preHandler: app.requireExpert,
      schema: {
        tags: ['back-office'],
        summary: 'Publishes the next version of a legal text in Turkish and English',
        description:
          'The HTML is sanitized before it is stored. Sellers who accepted an older version of the disclosure, explicit consent or commercial message text are asked again at their next sign-in (pending_terms). 409 term_version_conflict when another expert published the same text at the same moment.',
        security: [{ bearer: [] }],
        body: publishBody,
        response: { 201: termVersionView },
      },
    },
    async (request, reply) => {
      const published = await publishTerm(db, request.user!.customer_id, request.body);
      request.log.info({ term_type: published.term_type, version: published.version }, 'legal text published');
      return reply.code(201).send(published);
    },
  );
};
