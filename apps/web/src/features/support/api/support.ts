import type {
  ContactPreference,
  SupportRequestBody,
  SupportRequestCreated,
  SupportTopic,
  supportMessageLength as wireMessageLength,
} from '@worq/domain/wire/support';
import { post } from '../../../lib/http-client.ts';

export type { ContactPreference, SupportTopic };

/* The form's own copies of the lists and bounds (the web takes only types from the wire contract); tsc holds them to it. */
export const supportTopics = ['company_change', 'connection', 'application', 'other'] as const satisfies readonly SupportTopic[];
export const contactPreferences = ['email', 'phone'] as const satisfies readonly ContactPreference[];
export const supportMessageLength = { min: 10, max: 2000 } as const satisfies typeof wireMessageLength;

export function isSupportTopic(value: string | null): value is SupportTopic {
  return value !== null && (supportTopics as readonly string[]).includes(value);
}

/** POST /support/request (API.md "Support requests") → 201 `{id, created_at}`. */
export function sendSupportRequest(body: SupportRequestBody): Promise<SupportRequestCreated> {
  return post<SupportRequestCreated>('/support/request', body);
}
