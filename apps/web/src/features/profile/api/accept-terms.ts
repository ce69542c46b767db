import type { AcceptTermsBody, UserInfo } from '@worq/domain/wire/customer';
import { post } from '../../../lib/http-client.ts';

/** POST /customer/accept_terms: true accepts the new version; false withdraws an optional consent. */
export function acceptTerms(answers: AcceptTermsBody): Promise<UserInfo> {
  return post<UserInfo>('/customer/accept_terms', answers);
}
