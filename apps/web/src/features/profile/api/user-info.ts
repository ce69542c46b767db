import useSWR from 'swr';
import type { UpdateUserInfoBody, UserInfo } from '@worq/domain/wire/customer';
import { get, post } from '../../../lib/http-client.ts';

export type { UserInfo };
export type { ConsentKey as PendingConsent, PendingTerm } from '@worq/domain/wire/customer';

export const userInfoKey = '/customer/get_user_info';

/** GET /customer/get_user_info */
export function useUserInfo() {
  return useSWR(userInfoKey, (url: string) => get<UserInfo>(url), { revalidateOnFocus: false });
}

/** POST /customer/update_user_info: a new number clears is_phone_verified; replacing one needs the current password. */
export function updateUserInfo(body: UpdateUserInfoBody): Promise<UserInfo> {
  return post<UserInfo>('/customer/update_user_info', body);
}
