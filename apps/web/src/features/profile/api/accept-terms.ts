import { post } from '../../../lib/http-client.ts';
import type { PendingConsent, UserInfo } from './user-info.ts';

/** POST /customer/accept_terms: true accepts the new version; false withdraws an optional consent. */
export function acceptTerms(answers: Partial<Record<PendingConsent, boolean>>): Promise<UserInfo> {
  return post<UserInfo>('/customer/accept_terms', answers);
}
