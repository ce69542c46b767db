import type { Db } from '../../db/client.ts';
import { hasReachedStepTwo } from '../application/public.ts';
import { hasAnyIntegration } from '../marketplace/public.ts';

export type NavbarElement = 'applications' | 'insight' | 'connections';

/**
 * Whether the navbar shows Connections: once the customer has a saved integration or an
 * application that reached step 2 (ARCHITECTURE.md §4). Reaching step 2 is remembered on the
 * application, so leaving it or going back to step 1 does not hide Connections again.
 */
export async function hasConnectionsAccess(db: Db, customerId: string): Promise<boolean> {
  const [integration, stepTwo] = await Promise.all([hasAnyIntegration(db, customerId), hasReachedStepTwo(db, customerId)]);
  return integration || stepTwo;
}

export async function navbarElementsFor(db: Db, customerId: string): Promise<NavbarElement[]> {
  // WorqInsight is there for every signed-in seller (ARCHITECTURE.md §6).
  return ['applications', 'insight', ...((await hasConnectionsAccess(db, customerId)) ? (['connections'] as const) : [])];
}
