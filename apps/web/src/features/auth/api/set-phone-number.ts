import type { Consents } from '@worq/domain/wire/auth';
import type { UpdateUserInfoBody, UserInfo } from '@worq/domain/wire/customer';
import { call } from '../../../lib/http-client.ts';

/**
 * POST /customer/update_user_info with the account's names kept: how an account created through
 * Google, which has no phone number yet, gives one (and its sign-up consents) before the code is sent.
 */
export function setPhoneNumber(body: Omit<UpdateUserInfoBody, 'password'> & { consents: Consents }): Promise<UserInfo> {
  return call('POST /customer/update_user_info', { body });
}
