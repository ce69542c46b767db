import useSWR from 'swr';
import type { NavbarElement as WorkContextElement } from '@worq/domain/wire/work-context';
import { call } from '../../lib/http-client.ts';
import { useSession } from '../../lib/session.ts';
import { workContextKey } from '../../lib/work-context.ts';

/** Which navigation items the work context allows (GET /work_context/get/{customer_id}). */
export type NavbarElement = Extract<WorkContextElement, 'applications' | 'connections'>;

export function useNavbarElements(): NavbarElement[] {
  const { claims, isPhoneVerified } = useSession();
  const key = claims && isPhoneVerified ? workContextKey(claims.customer_id) : null;
  const { data } = useSWR(key, () => call('GET /work_context/get/{customer_id}', { path: { customer_id: claims!.customer_id } }));
  const elements: NavbarElement[] = ['applications'];
  if (data?.navbar_elements.includes('connections')) elements.push('connections');
  return elements;
}
