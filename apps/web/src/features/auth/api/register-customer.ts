import type { RegisterCustomerBody, SessionTokens } from '@worq/domain/wire/auth';
import { anonymous, call } from '../../../lib/http-client.ts';

/** POST /auth/register_customer — 201 with tokens; the phone code is sent at once. 409 email_taken. */
export function registerCustomer(body: RegisterCustomerBody): Promise<SessionTokens> {
  return call('POST /auth/register_customer', { body }, anonymous);
}
