export type NavbarElement = 'applications' | 'connections';

/**
 * Whether the navbar shows Connections: once the customer has a saved integration or an
 * application that reached step 2 (ARCHITECTURE.md §4). The integrations and applications tables
 * arrive with their own issues; until then nobody qualifies.
 */
export async function hasConnectionsAccess(_customerId: string): Promise<boolean> {
  return false;
}

export async function navbarElementsFor(customerId: string): Promise<NavbarElement[]> {
  return ['applications', ...((await hasConnectionsAccess(customerId)) ? (['connections'] as const) : [])];
}
