import useSWR from 'swr';
import { get, post } from '../../../lib/http-client.ts';

export interface UserInfo {
  customer_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  is_phone_verified: boolean;
  is_email_verified: boolean;
  consents: Record<string, unknown>;
  created_at: string;
  /** Legal texts accepted in an older version than the one now published (updated-terms-gate.tsx). */
  pending_terms?: PendingTerm[];
}

export type PendingConsent = 'disclosure' | 'explicit_consent' | 'commercial_electronic_message';

export interface PendingTerm {
  consent: PendingConsent;
  term_type: 'disclosure' | 'consent' | 'electronic_message';
  version: number;
  accepted_version: number;
  title: string;
  change_note: string | null;
  /** true for the disclosure, which must be accepted to go on; the others are confirmed or withdrawn. */
  required: boolean;
}

export const userInfoKey = '/customer/get_user_info';

/** GET /customer/get_user_info */
export function useUserInfo() {
  return useSWR(userInfoKey, (url: string) => get<UserInfo>(url), { revalidateOnFocus: false });
}

export interface UpdateUserInfoBody {
  first_name: string;
  last_name: string;
  /** Ten digits; a new number clears is_phone_verified. */
  phone_number: string;
  /** The current password: required when an existing number is replaced (unless the account has none). */
  password?: string;
}

/** POST /customer/update_user_info */
export function updateUserInfo(body: UpdateUserInfoBody): Promise<UserInfo> {
  return post<UserInfo>('/customer/update_user_info', body);
}
