import type { AcceptTermsBody, UserInfo } from '@worq/domain/wire/customer';
import { call } from '../../../lib/http-client.ts';

/** POST /customer/accept_terms: true accepts the new version; false withdraws an optional consent. */
export function acceptTerms(answers: AcceptTermsBody): Promise<UserInfo> {
  return call('POST /customer/accept_terms', { body: answers });
}
