import { useSession } from '../../lib/session.ts';

/** The signed-in customer as far as the shell needs it: id for the profile link, name for the menu. */
export interface CurrentUser {
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export function useCurrentUser(): CurrentUser | null {
  const { claims } = useSession();
  if (!claims) return null;
  return { customerId: claims.customer_id, firstName: claims.first_name, lastName: claims.last_name, email: claims.email };
}
