import { post } from '../../../lib/http-client.ts';

/**
 * POST /customer/update_user_info with the account's names kept: how an account created through
 * Google, which has no phone number yet, gives one (and its sign-up consents) before the code is sent.
 */
export function setPhoneNumber(body: {
  first_name: string;
  last_name: string;
  phone_number: string;
  consents: { disclosure: boolean; explicit_consent: boolean; commercial_electronic_message: boolean };
}): Promise<unknown> {
  return post('/customer/update_user_info', body);
}
