/*
 * Wire contract of the Auth area (API.md Auth): sign-up, sign-in, sessions, phone and password.
 */
import { z } from 'zod';

/** The three sign-up checkboxes; the disclosure (aydınlatma metni) must be acknowledged. */
export const consentsField = z.object({
  disclosure: z.boolean().refine((accepted) => accepted, 'consent_required'),
  explicit_consent: z.boolean().default(false),
  commercial_electronic_message: z.boolean().default(false),
});
export type Consents = z.input<typeof consentsField>;
