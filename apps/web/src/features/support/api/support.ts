import type { ContactPreference, SupportRequestBody, SupportRequestCreated, SupportTopic } from '@worq/domain/wire/support';
import { contactPreferences, supportMessageLength, supportTopics } from '@worq/domain/wire/choices';
import { call } from '../../../lib/http-client.ts';

export type { ContactPreference, SupportTopic };

/* The form's lists and bounds are the wire contract's own values (wire/choices, free of schema code). */
export { contactPreferences, supportMessageLength, supportTopics };

export function isSupportTopic(value: string | null): value is SupportTopic {
  return value !== null && (supportTopics as readonly string[]).includes(value);
}

/** POST /support/request (API.md "Support requests") → 201 `{id, created_at}`. */
export function sendSupportRequest(body: SupportRequestBody): Promise<SupportRequestCreated> {
  return call('POST /support/request', { body });
}
