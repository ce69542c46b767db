import { anonymous, post } from '../../../lib/http-client.ts';
import type { TokenPair } from '../../../lib/token-storage.ts';

export interface RegisterCustomerBody {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  /** Ten digits, 5XXXXXXXXX. */
  phone_number: string;
  consents: {
    disclosure: boolean;
    explicit_consent: boolean;
    commercial_electronic_message: boolean;
  };
  utm?: Record<string, string>;
}

/** POST /auth/register_customer — 201 with tokens; the phone code is sent at once. 409 email_taken. */
export function registerCustomer(body: RegisterCustomerBody): Promise<TokenPair> {
  return post<TokenPair>('/auth/register_customer', body, undefined, anonymous);
}
