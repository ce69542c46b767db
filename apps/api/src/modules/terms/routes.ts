import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { termTypes } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { activeTerms } from './service.ts';

const termType = z.enum(termTypes);

const activeTerm = z.object({
  term_type: termType,
  title: z.string(),
  content: z.string().describe('HTML; the web sanitizes it again before display'),
  version: z.number().int(),
});

/** Public legal texts (no sign-in needed: the registration form shows them). */
export const termsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/customer/get_active_terms',
    {
      schema: {
        tags: ['customer'],
        summary: 'The latest active version of every legal text, in the request language',
        response: { 200: z.array(activeTerm) },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'accept-language').header('cache-control', 'no-cache');
      return activeTerms(db, request.language);
    },
  );

  app.get(
    '/customer/term_filter',
    {
      schema: {
        tags: ['customer'],
        summary: 'One legal text by type, in the request language',
        querystring: z.object({ term_type: termType }),
        response: { 200: z.object({ term_type: termType, content: z.string() }) },
      },
    },
    async (request, reply) => {
      const [term] = await activeTerms(db, request.language, request.query.term_type);
      if (!term) throw new AppError(404, 'not_found');
      reply.header('vary', 'accept-language').header('cache-control', 'no-cache');
      return { term_type: term.term_type, content: term.content };
    },
  );
};
