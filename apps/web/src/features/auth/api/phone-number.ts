import useSWR from 'swr';
import { call, routeUrl } from '../../../lib/http-client.ts';

export const customerPhoneNumberKey = routeUrl('GET /customer/get_customer_phone_number');

/** GET /customer/get_customer_phone_number — the masked number when no code was sent on this visit. */
export function useCustomerPhoneNumber(enabled: boolean) {
  return useSWR(enabled ? customerPhoneNumberKey : null, () => call('GET /customer/get_customer_phone_number'), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
