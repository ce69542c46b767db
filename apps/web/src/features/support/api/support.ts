import { post } from '../../../lib/http-client.ts';

export const supportTopics = ['company_change', 'connection', 'application', 'other'] as const;
export type SupportTopic = (typeof supportTopics)[number];
export const contactPreferences = ['email', 'phone'] as const;
export type ContactPreference = (typeof contactPreferences)[number];
export const supportMessageLength = { min: 10, max: 2000 } as const;

export interface SupportRequestBody {
  topic: SupportTopic;
  message: string;
  contact_preference: ContactPreference;
}

export function isSupportTopic(value: string | null): value is SupportTopic {
  return value !== null && (supportTopics as readonly string[]).includes(value);
}

/** POST /support/request (API.md "Support requests") → 201 `{id, created_at}`. */
export function sendSupportRequest(body: SupportRequestBody): Promise<{ id: string; created_at: string }> {
  return post<{ id: string; created_at: string }>('/support/request', body);
}
