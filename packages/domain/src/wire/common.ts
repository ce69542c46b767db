/*
 * Shapes every area shares (API.md "Errors"): the error envelope and the small answers.
 * One file per area sits beside this one; the API validates and documents with the schemas,
 * the web and the tests import the types only (`import type`), so nothing reaches the bundle.
 */
import { z } from 'zod';
import { addDays, earliestDay, istanbulDay } from '../calendar.ts';

/**
 * Every failed call answers `{ errors: { message, code, fields? } }`; message is in the request
 * language. The server builds it in plugins/errors.ts; this schema documents it (OpenAPI `ErrorBody`).
 */
export const errorAnswer = z
  .object({
    errors: z.looseObject({
      message: z.string().describe('For the user, in the request language (Accept-Language: tr or en)'),
      code: z.string().describe('snake_case and stable, for programs: validation_failed, unauthorized, not_found …'),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('Per-field messages of a validation error, keyed by wire field name (address.city_id)'),
    }),
  })
  .describe('The error envelope; some codes carry extra members such as resend_in_seconds or retry_after_seconds');
export type ErrorBody = z.output<typeof errorAnswer>;

/** A call that takes no fields. */
export const emptyBody = z.object({}).optional();

/** `{ message }`: calls whose only answer is a sentence for the user. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.output<typeof messageAnswer>;

/**
 * A day a client sends: a real calendar day `YYYY-MM-DD` (no 2026-02-30) from 2015-01-01 to
 * tomorrow in Istanbul, checked when the request is read. Nothing the portal holds lies outside, and
 * every loop or query over the days a client names is bounded by it.
 */
export const clientDay = z.iso
  .date()
  .refine((day) => day >= earliestDay && day <= addDays(istanbulDay(new Date()), 1), { message: 'date_out_of_range' })
  .describe(`YYYY-MM-DD, an Istanbul calendar day from ${earliestDay} to tomorrow`);
