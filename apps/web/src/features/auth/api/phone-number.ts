import useSWR from 'swr';
import type { CustomerPhoneNumber } from '@worq/domain/wire/customer';
import { get } from '../../../lib/http-client.ts';

export const customerPhoneNumberKey = '/customer/get_customer_phone_number';

/** GET /customer/get_customer_phone_number — the masked number when no code was sent on this visit. */
export function useCustomerPhoneNumber(enabled: boolean) {
  return useSWR(enabled ? customerPhoneNumberKey : null, (url: string) => get<CustomerPhoneNumber>(url), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
