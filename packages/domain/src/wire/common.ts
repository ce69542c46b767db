/*
 * Shapes every area shares (API.md "Errors"): the error envelope and the small answers.
 * One file per area sits beside this one; the API validates and documents with the schemas,
 * the web and the tests import the types only (`import type`), so nothing reaches the bundle.
 */
import { z } from 'zod';

/** Every failed call answers `{ errors: { message, code, fields? } }`; message is in the request language. */
export interface ErrorBody {
  errors: {
    message: string;
    code: string;
    /** Per-field messages of a validation error, keyed by wire field name. */
    fields?: Record<string, string>;
    /** Extra members some codes carry, such as resend_in_seconds. */
    [extra: string]: unknown;
  };
}

/** A call that takes no fields. */
export const emptyBody = z.object({}).optional();

/** `{ message }`: calls whose only answer is a sentence for the user. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.output<typeof messageAnswer>;
