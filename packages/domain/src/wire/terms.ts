/*
 * Wire contract of the legal texts (API.md Customer get_active_terms and term_filter, and the
 * back-office's Legal texts): the public texts sellers read, and their publishing by experts.
 * The API validates and documents its routes with these schemas; the web imports the types only.
 */
import { z } from 'zod';
import { termTypes } from './choices.ts';

/** The legal texts the server keeps (the API's terms table takes the same list). */
export { termTypes };
export type TermType = (typeof termTypes)[number];
const termType = z.enum(termTypes);

/** One legal text in the request language. */
export const activeTerm = z.object({
  term_type: termType,
  title: z.string(),
  content: z.string().describe('HTML; the web sanitizes it again before display'),
  version: z.number().int(),
});
export type ActiveTerm = z.output<typeof activeTerm>;

/** GET /customer/get_active_terms: the latest active version of every legal text (no sign-in needed). */
export const activeTermList = z.array(activeTerm);

/** GET /customer/term_filter */
export const termFilterQuery = z.object({ term_type: termType });
export type TermFilterQuery = z.input<typeof termFilterQuery>;
export const termFilterAnswer = z.object({ term_type: termType, content: z.string() });
export type TermFilterAnswer = z.output<typeof termFilterAnswer>;

/** One language of a text being published. */
const textField = z.object({
  title: z.string().trim().min(3).max(120),
  content: z.string().trim().min(1).max(100_000).describe('HTML: headings, paragraphs, lists, emphasis, tables, https/mailto links'),
  change_note: z.string().trim().max(500).optional().describe('What changed, shown to sellers asked to accept it'),
});

/** POST /admin/terms: the next version of one text, in Turkish and English. */
export const publishBody = z.object({ term_type: termType, tr: textField, en: textField });
export type PublishBody = z.input<typeof publishBody>;

const publisher = z.object({ name: z.string(), email: z.string() }).nullable();

/** One language of a published version. */
const publishedText = z.object({ title: z.string(), content: z.string(), change_note: z.string().nullable() });
export type PublishedText = z.output<typeof publishedText>;

/** One published version in both languages: GET /admin/terms lists them, POST /admin/terms answers one (201). */
export const termVersionView = z.object({
  term_type: termType,
  version: z.number().int(),
  published_at: z.string(),
  published_by: publisher.describe('null for the texts the product ships with'),
  tr: publishedText,
  en: publishedText,
});
export type TermVersionView = z.output<typeof termVersionView>;

/** GET /admin/terms: every version of every text, newest first within each type. */
export const termVersionList = z.array(termVersionView);
