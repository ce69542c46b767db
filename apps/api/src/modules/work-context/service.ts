import type { Db } from '../../db/client.ts';
import { hasAnyIntegration } from '../marketplace/repository.ts';

export type NavbarElement = 'applications' | 'connections';

/**
 * Whether the navbar shows Connections: once the customer has a saved integration or an
 * application that reached step 2 (ARCHITECTURE.md §4). The applications table arrives with the
 * applications module, which adds its "reached step 2" check next to the integration check here.
 */
export async function hasConnectionsAccess(db: Db, customerId: string): Promise<boolean> {
  return hasAnyIntegration(db, customerId);
}

export async function navbarElementsFor(db: Db, customerId: string): Promise<NavbarElement[]> {
  return ['applications', ...((await hasConnectionsAccess(db, customerId)) ? (['connections'] as const) : [])];
}
