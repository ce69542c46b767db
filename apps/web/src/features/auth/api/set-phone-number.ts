import { post } from '../../../lib/http-client.ts';

/**
 * POST /customer/update_user_info with the account's names kept: how an account created through
 * Google, which has no phone number yet, gives one before the code is sent.
 */
export function setPhoneNumber(body: { first_name: string; last_name: string; phone_number: string }): Promise<unknown> {
  return post('/customer/update_user_info', body);
}
