import type { Config } from '../../config.ts';
import type { ConnectorRegistry } from '../../connectors/registry.ts';
import type { Db } from '../../db/client.ts';
import type { Secrets } from '../../plugins/secrets.ts';
import type { Tasks } from '../tasks/public.ts';

/** What the marketplace services need from the app; built once by the route module. */
export interface MarketplaceContext {
  db: Db;
  config: Pick<Config, 'amazon' | 'connectionHealthIntervalMinutes'>;
  registry: ConnectorRegistry;
  tasks: Tasks;
  secrets: Secrets;
  /**
   * Whether the customer has an application that is not_completed, not left and not cancelled
   * (ARCHITECTURE.md §4): status changes are refused meanwhile.
   */
  hasActiveApplication(customerId: string): Promise<boolean>;
  /** Called after a connect or update task saved a working store (the order sync starts there). */
  onStoreConnected?(customerId: string, integrationId: string): Promise<void>;
  /** Whether the store is part of a submitted (under review or approved) application: it cannot be removed. */
  isInSubmittedApplication(customerId: string, integrationId: string): Promise<boolean>;
  now(): Date;
}

/**
 * The applications table and its rules arrive with the applications module (API.md
 * "Applications"); until it exists no customer has an active application. That module passes its
 * own check through the route module's `hasActiveApplication` option.
 */
export async function noActiveApplication(_customerId: string): Promise<boolean> {
  return false;
}

export async function inNoSubmittedApplication(_customerId: string, _integrationId: string): Promise<boolean> {
  return false;
}
