import useSWR from 'swr';
import type { UpdateUserInfoBody, UserInfo } from '@worq/domain/wire/customer';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { UserInfo };
export type { ConsentKey as PendingConsent, PendingTerm } from '@worq/domain/wire/customer';

export const userInfoKey = routeUrl('GET /customer/get_user_info');

/** GET /customer/get_user_info */
export function useUserInfo() {
  return useSWR(userInfoKey, () => call('GET /customer/get_user_info'), { revalidateOnFocus: false });
}

/** POST /customer/update_user_info: a new number clears is_phone_verified; replacing one needs the current password. */
export function updateUserInfo(body: UpdateUserInfoBody): Promise<UserInfo> {
  return call('POST /customer/update_user_info', { body });
}
